"""Explicit gradient-norm regularisation for a paper-machine quality soft sensor.

A scanning gauge gives cross-direction (CD) profiles of sheet caliper and gloss (2 x 64 positions);
the soft sensor predicts lab-measured basis weight and moisture of the reel. Training minimises
loss + lam * ||grad_theta loss||^2, with the first gradient taken by loss.backward(create_graph=True).
"""
import argparse
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

opts = SimpleNamespace(width=16, lr=1e-3, lam=0.05, batch=16, positions=64,
                       stages=((2, 16, 5), (16, 16, 3)))


def stage(c_in, c_out, kernel):
    return [nn.Conv1d(c_in, c_out, kernel, padding=kernel // 2), nn.Hardswish()]


class CaliperSoftSensor(nn.Module):
    def __init__(self, stages, width):
        super().__init__()
        self.features = nn.Sequential(
            *[m for c_in, c_out, k in stages for m in stage(c_in, c_out, k)],
            nn.LocalResponseNorm(size=3),
        )
        self.head = nn.Linear(width, 2)

    def forward(self, profiles):
        return self.head(self.features(profiles).mean(dim=-1))


class ProfileStandardiser(nn.Module):
    """Per-profile standardisation (the gauge drifts between scans); applied once to the raw data."""

    def __init__(self, channels=2):
        super().__init__()
        self.norm = nn.GroupNorm(1, channels, affine=False)

    @torch.no_grad()
    def forward(self, raw):
        return self.norm(raw)


def reels(n, positions, seed=0):
    g = torch.Generator().manual_seed(seed)
    cd = torch.linspace(-1, 1, positions)
    bw = 70 + 5 * torch.randn(n, 1, generator=g)
    moist = 7 + torch.randn(n, 1, generator=g)
    caliper = bw / 70 + 0.05 * cd ** 2 * moist / 7 + 0.01 * torch.randn(n, positions, generator=g)
    gloss = 1 - 0.1 * moist / 7 + 0.02 * torch.randn(n, positions, generator=g)
    x = torch.stack([caliper, gloss], dim=1)
    y = torch.cat([(bw - 70) / 5, moist - 7], dim=1)
    return x, y


def train_step(model, opt, x, y, lam):
    params = [p for p in model.parameters() if p.requires_grad]
    opt.zero_grad()
    loss = F.mse_loss(model(x), y)
    loss.backward(create_graph=True)
    grad_sq = sum(p.grad.pow(2).sum() for p in params)
    reg_grads = torch.autograd.grad(grad_sq, params)
    for p, rg in zip(params, reg_grads):
        p.grad = p.grad.detach() + lam * rg
    opt.step()
    return loss.item(), grad_sq.item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    args = ap.parse_args()
    torch.manual_seed(0)

    raw_x, y_all = reels(64, opts.positions)
    x_all = ProfileStandardiser()(raw_x)
    model = CaliperSoftSensor(opts.stages, opts.width)
    opt = torch.optim.Adam(model.parameters(), lr=opts.lr)

    for epoch in range(args.epochs):
        for i in range(0, x_all.size(0), opts.batch):
            loss, gsq = train_step(model, opt, x_all[i:i + opts.batch], y_all[i:i + opts.batch], opts.lam)
        with torch.no_grad():
            mae = F.l1_loss(model(x_all), y_all).item()
        print(f"epoch {epoch}: mse {loss:.4f} |g|^2 {gsq:.4f} mae {mae:.4f}")


if __name__ == "__main__":
    main()
