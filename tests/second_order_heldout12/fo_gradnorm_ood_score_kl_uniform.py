"""GradNorm OOD detection (Huang, Geng & Li, NeurIPS 2021): the score of an input is the L1 norm of the
gradient of KL(uniform || softmax) w.r.t. the last layer's weight. Inference only, first order."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self, n_cls=10):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.Hardswish(),
                                      nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.fc = nn.Linear(16, n_cls)

    def forward(self, x):
        return self.fc(self.features(x))


def gradnorm_scores(model, images, temperature=1.0):
    scorer = copy.deepcopy(model).eval()
    scores = []
    for img in images:
        scorer.zero_grad()
        logits = scorer(img[None]) / temperature
        n_cls = logits.shape[-1]
        uniform = torch.full_like(logits, 1.0 / n_cls)
        kl = F.kl_div(F.log_softmax(logits, -1), uniform, reduction="sum")
        (g,) = torch.autograd.grad(kl, scorer.fc.weight)
        scores.append(g.abs().sum().item())
    return torch.tensor(scores)


model = Classifier()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(2):
    x, y = torch.randn(8, 3, 8, 8), torch.randint(0, 10, (8,))
    loss = F.cross_entropy(model(x), y)
    opt.zero_grad(); loss.backward(); opt.step()
in_scores = gradnorm_scores(model, torch.randn(4, 3, 8, 8))
ood_scores = gradnorm_scores(model, torch.rand(4, 3, 8, 8) * 4)
print("in-dist", in_scores.mean().item(), "ood", ood_scores.mean().item())
