"""Keyword spotting on log-mel patches with a local-Lipschitz regulariser.

Loss = CE + beta * ||d CE / d x||_2^2 averaged over the batch (gradient-norm regularisation,
Ross & Doshi-Velez style), which makes the input gradient part of the training graph.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

LABELS = ["yes", "no", "up", "down", "left", "right", "on", "off", "stop", "go", "_silence_", "_unknown_"]


class KWSNet(nn.Module):
    def __init__(self, n_cls=len(LABELS)):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 32, (5, 3), padding=(2, 1)), nn.BatchNorm2d(32), nn.ReLU(),
            nn.MaxPool2d((2, 2)),
            nn.Conv2d(32, 64, 3, padding=1), nn.BatchNorm2d(64), nn.ReLU(),
        )
        self.classifier = nn.Linear(64, n_cls)

    def forward(self, mel):
        h = self.features(mel)
        return self.classifier(h.mean(dim=(2, 3)))


def regularised_loss(model, mel, target, beta=0.05):
    mel = mel.requires_grad_()
    ce = F.cross_entropy(model(mel), target, label_smoothing=0.05)
    (g,) = torch.autograd.grad(ce, [mel], create_graph=True)
    return ce + beta * g.flatten(1).pow(2).sum(1).mean(), ce.detach()


model = KWSNet()
opt = torch.optim.Adam(model.parameters(), 1e-3, weight_decay=1e-4)
for step in range(2):
    mel = torch.randn(16, 1, 40, 32)
    y = torch.randint(0, len(LABELS), (16,))
    total, ce = regularised_loss(model, mel, y)
    opt.zero_grad(set_to_none=True)
    total.backward()
    opt.step()
    print(step, float(ce), float(total))
