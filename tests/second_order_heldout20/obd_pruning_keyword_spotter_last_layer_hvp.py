# Optimal-Brain-Damage style saliency for pruning the classifier of a keyword spotter:
# s_i = 0.5 * w_i^2 * H_ii, with Hessian-vector products w.r.t. the first classifier weight only.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hvp
from torch.func import functional_call


class KWS(nn.Module):
    def __init__(self, n_words=12):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ELU(), nn.AdaptiveAvgPool2d(4))
        self.classifier = nn.Sequential(nn.Linear(256, 64), nn.Hardswish(), nn.Linear(64, n_words))

    def forward(self, mel):
        z = self.classifier(self.features(mel).flatten(1))
        return F.log_softmax(z, dim=-1)


model = KWS()
mel, words = torch.randn(16, 1, 20, 20), torch.randint(0, 12, (16,))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(2):
    loss = F.nll_loss(model(mel), words)
    opt.zero_grad()
    loss.backward()
    opt.step()

name = "classifier.0.weight"
frozen = {k: v.detach() for k, v in model.named_parameters() if k != name}
w = model.classifier[0].weight.detach()


def loss_wrt_layer(weight):
    params = dict(frozen)
    params[name] = weight
    return F.nll_loss(functional_call(model, params, (mel,)), words)


diag = torch.zeros_like(w)
for _ in range(4):
    v = torch.randint_like(w, 2) * 2 - 1
    _, hv = hvp(loss_wrt_layer, w, v)
    diag += hv * v / 4
saliency = 0.5 * w ** 2 * diag
mask = saliency > saliency.flatten().kthvalue(int(0.3 * saliency.numel())).values
with torch.no_grad():
    model.classifier[0].weight.mul_(mask)
