"""Sharpness-aware calibration of aneroid barometers against a reference station (first order).

A 1-D conv net reads 24 h of (aneroid reading, case temperature, humidity) and predicts the correction in
hPa. A sharpness penalty keeps the solution flat so the correction transfers between instruments; this run
uses the finite-difference estimate along one random direction (two extra forward passes, first-order
gradients only). The exact Hessian-vector version is kept in the registry for offline studies.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

RUN = {"sharpness": "fd", "rho": 0.05, "beta": 0.1, "lr": 1e-3, "batch": 16, "hours": 24}


class DriftNet(nn.Module):
    def __init__(self, channels=3, width=16):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(channels, width, 5, padding=2), nn.Hardshrink(0.05), nn.AvgPool1d(2),
            nn.Conv1d(width, width, 3, padding=1), nn.Hardshrink(0.05), nn.AvgPool1d(2),
        )
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        return self.head(self.body(x).mean(-1)).squeeze(-1)


def calibration_loss(pred, target):
    return F.smooth_l1_loss(pred, target, beta=0.2)


class ExactSharpness:
    """v^T H v via double backprop, normalised by ||v||^2 (Rayleigh quotient along v)."""

    def __init__(self, rho):
        self.rho = rho

    def __call__(self, model, x, y):
        params = [p for p in model.parameters() if p.requires_grad]
        loss = calibration_loss(model(x), y)
        grads = torch.autograd.grad(loss, params, create_graph=True)
        vs = [torch.randn_like(p) for p in params]
        hvs = torch.autograd.grad(grads, params, grad_outputs=vs, create_graph=True)
        return sum((h * v).sum() for h, v in zip(hvs, vs)) / sum(v.pow(2).sum() for v in vs)


class FiniteDifferenceSharpness:
    """(L(w + rho v) + L(w - rho v) - 2 L(w)) / rho^2 along a random unit direction v (no double backprop)."""

    def __init__(self, rho):
        self.rho = rho

    def __call__(self, model, x, y):
        params = dict(model.named_parameters())
        with torch.no_grad():
            vs = {k: torch.randn_like(p) for k, p in params.items()}
            norm = torch.sqrt(sum(v.pow(2).sum() for v in vs.values()))
            vs = {k: v / norm for k, v in vs.items()}
        plus = {k: p + self.rho * vs[k] for k, p in params.items()}
        minus = {k: p - self.rho * vs[k] for k, p in params.items()}
        l0 = calibration_loss(model(x), y)
        lp = calibration_loss(functional_call(model, plus, (x,)), y)
        lm = calibration_loss(functional_call(model, minus, (x,)), y)
        return (lp + lm - 2 * l0) / self.rho ** 2


SHARPNESS = {"exact": ExactSharpness, "fd": FiniteDifferenceSharpness}


def barometer_logs(n, hours, seed=0):
    g = torch.Generator().manual_seed(seed)
    temp = 18 + 4 * torch.randn(n, 1, generator=g) + 3 * torch.sin(torch.linspace(0, 6.28, hours))
    hum = 50 + 10 * torch.randn(n, 1, generator=g).expand(n, hours)
    true_p = 1013 + 8 * torch.randn(n, 1, generator=g) + torch.randn(n, hours, generator=g)
    drift = 0.12 * (temp - 20).mean(1) + 0.5 * torch.randn(n, generator=g)
    reading = true_p + drift[:, None]
    x = torch.stack([(reading - 1013) / 10, (temp - 20) / 5, (hum - 50) / 10], dim=1)
    return x, -drift


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    args = ap.parse_args()
    torch.manual_seed(0)

    x_all, y_all = barometer_logs(64, RUN["hours"])
    model = DriftNet()
    sharpness = SHARPNESS[RUN["sharpness"]](RUN["rho"])
    opt = torch.optim.Adam(model.parameters(), lr=RUN["lr"])

    for epoch in range(args.epochs):
        for i in range(0, x_all.size(0), RUN["batch"]):
            x, y = x_all[i:i + RUN["batch"]], y_all[i:i + RUN["batch"]]
            loss = calibration_loss(model(x), y)
            sharp = sharpness(model, x, y)
            opt.zero_grad()
            (loss + RUN["beta"] * sharp).backward()
            opt.step()
        print(f"epoch {epoch}: loss {loss.item():.4f} sharpness {sharp.item():.4f}")


if __name__ == "__main__":
    main()
