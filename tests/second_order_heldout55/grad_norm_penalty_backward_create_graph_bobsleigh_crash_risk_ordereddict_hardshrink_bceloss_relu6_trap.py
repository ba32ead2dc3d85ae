"""Crash-risk classifier for two-man bobsleigh runs.

Features per run: 5 split times, runner steel temperatures (4), ice temperature, push time,
sled mass, curve-12 exit speed (13 values). Label: skid / wall contact recorded in the run.
Training adds a penalty on the squared norm of the parameter gradient (flat-minimum prior),
obtained by loss.backward(create_graph=True) followed by a second backward.
"""
import argparse
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F

VARIANTS = {
    "shrink": [("fc1", 13, 32), ("shrink1", 0.02, None), ("fc2", 32, 16), ("shrink2", 0.02, None), ("out", 16, 1)],
    "clipped": [("fc1", 13, 32), ("clip1", None, None), ("out", 32, 1)],
}


def build_layers(variant):
    layers = OrderedDict()
    for name, a, b in VARIANTS[variant]:
        if name.startswith("fc") or name == "out":
            layers[name] = nn.Linear(a, b)
        elif name.startswith("shrink"):
            layers[name] = nn.Hardshrink(lambd=a)
        elif name.startswith("clip"):
            layers[name] = nn.ReLU6()
        layers[name + "_drop"] = nn.Dropout(0.1) if name.startswith("fc") else nn.Identity()
    return layers


class RiskNet(nn.Module):
    def __init__(self, variant="shrink"):
        super(RiskNet, self).__init__()
        self.net = nn.Sequential(build_layers(variant))

    def forward(self, x):
        return torch.sigmoid(self.net(x)).squeeze(1)


def bobsleigh_runs(n):
    x = torch.randn(n, 13)
    logit = 1.5 * x[:, 12] - 0.8 * x[:, 9] + 0.6 * x[:, 5:9].mean(1) + 0.3 * torch.randn(n)
    return x, (logit > 0.5).float()


def train_step(model, criterion, x, y, lr, lam):
    model.zero_grad()
    loss = criterion(model(x), y)
    loss.backward(create_graph=True)
    grad_sq = 0.0
    for p in model.parameters():
        grad_sq = grad_sq + (p.grad ** 2).sum()
    (lam * grad_sq).backward()
    for p in model.parameters():
        p.data.add_(p.grad.data, alpha=-lr)
        p.grad = None
    return loss.data.item(), grad_sq.data.item()


def evaluate(model, x, y):
    model.eval()
    with torch.no_grad():
        prob = model(x)
        bce = F.binary_cross_entropy(prob, y).item()
        acc = ((prob > 0.5).float() == y).float().mean().item()
    model.train()
    return bce, acc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="shrink", choices=sorted(VARIANTS))
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=0.1)
    ap.add_argument("--lam", type=float, default=0.05)
    args = ap.parse_args()
    torch.manual_seed(7)
    model = RiskNet(args.variant)
    criterion = nn.BCELoss()
    xv, yv = bobsleigh_runs(64)
    for epoch in range(args.epochs):
        x, y = bobsleigh_runs(args.batch)
        loss, gsq = train_step(model, criterion, x, y, args.lr, args.lam)
        vb, va = evaluate(model, xv, yv)
        print("epoch %d  bce %.4f  |g|^2 %.5f  val bce %.4f acc %.3f" % (epoch, loss, gsq, vb, va))


if __name__ == "__main__":
    main()
