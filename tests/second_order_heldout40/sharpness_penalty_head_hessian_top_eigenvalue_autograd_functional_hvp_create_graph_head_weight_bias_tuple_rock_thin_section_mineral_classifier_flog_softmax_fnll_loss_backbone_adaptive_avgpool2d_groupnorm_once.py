"""Mineral classification of rock thin-section patches with a curvature (sharpness) penalty on the classifier head.

The top eigenvalue of the loss Hessian with respect to the head's (weight, bias) is estimated by power iteration
with torch.autograd.functional.hvp; the last iteration keeps the graph so that rho * lambda_max is trained.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hvp

MINERALS = ["quartz", "feldspar", "biotite", "muscovite", "olivine", "pyroxene"]
CFG = {"rho": 0.05, "power_iters": 4, "lr": 1e-3, "epochs": 3, "batches": 3, "batch": 12}


class ThinSectionNet(nn.Module):
    def __init__(self, n_classes):
        super().__init__()
        self.stem = nn.Conv2d(3, 16, 3, padding=1)
        self.gn = nn.GroupNorm(4, 16)
        self.block = nn.Conv2d(16, 32, 3, stride=2, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Linear(32, n_classes)

    def features(self, x):
        h = F.relu(self.gn(self.stem(x)))
        h = F.relu(self.block(h))
        return self.pool(h).flatten(1)

    def forward(self, x):
        return self.classifier(self.features(x))


def head_nll(feats, targets):
    def loss_of(weight, bias):
        log_p = F.log_softmax(F.linear(feats, weight, bias), dim=1)
        return F.nll_loss(log_p, targets)
    return loss_of


def head_sharpness(model, feats, targets, iters):
    head = (model.classifier.weight, model.classifier.bias)
    fn = head_nll(feats, targets)
    v = tuple(torch.randn_like(p) for p in head)
    for _ in range(iters - 1):
        _, hv = hvp(fn, head, v)
        norm = torch.sqrt(sum((h ** 2).sum() for h in hv)) + 1e-12
        v = tuple(h / norm for h in hv)
    _, hv = hvp(fn, head, v, create_graph=True)
    return sum((a * b).sum() for a, b in zip(v, hv))


def main():
    torch.manual_seed(0)
    model = ThinSectionNet(len(MINERALS))
    opt = torch.optim.SGD(model.parameters(), lr=CFG["lr"], momentum=0.9)
    for epoch in range(CFG["epochs"]):
        for _ in range(CFG["batches"]):
            x = torch.randn(CFG["batch"], 3, 32, 32)
            y = torch.randint(0, len(MINERALS), (CFG["batch"],))
            feats = model.features(x)
            task = F.cross_entropy(model.classifier(feats), y)
            lam = head_sharpness(model, feats, y, CFG["power_iters"])
            loss = task + CFG["rho"] * lam
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: task {task.item():.4f} lambda_max {lam.item():.4f}")


if __name__ == "__main__":
    main()
