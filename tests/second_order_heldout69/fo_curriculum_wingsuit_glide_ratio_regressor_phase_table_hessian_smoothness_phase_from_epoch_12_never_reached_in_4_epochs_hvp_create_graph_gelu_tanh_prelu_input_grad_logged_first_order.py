"""Wingsuit glide-ratio regression from flight telemetry with a curriculum of loss phases.

Phases (start epoch -> name): 0 "mse", 2 "huber", 12 "smooth".  The "smooth" phase adds a Hutchinson estimate of
the input-Hessian trace (exact Hessian-vector products with create_graph) to keep the glide-ratio surface flat.
Input-gradient norms are logged every epoch as a sensitivity diagnostic.
"""
import argparse
import bisect
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("wingsuit")
FEATURES = ("airspeed", "vertical_speed", "aoa", "bank", "suit_area", "altitude", "air_density")
PHASES = [(0, "mse"), (2, "huber"), (12, "smooth")]


class GlideNet(nn.Module):
    def __init__(self, n_in=len(FEATURES), width=48):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(n_in, width), nn.GELU(approximate="tanh"),
            nn.Linear(width, width), nn.PReLU(width),
            nn.Linear(width, 1),
        )

    def forward(self, x):
        return self.body(x).squeeze(-1)


def phase_for(epoch):
    starts = [s for s, _ in PHASES]
    return PHASES[bisect.bisect_right(starts, epoch) - 1][1]


def hutchinson_hessian_trace(model, x, n_probes=2):
    x = x.detach().requires_grad_(True)
    y = model(x).sum()
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    est = 0.0
    for _ in range(n_probes):
        v = torch.randint_like(x, 2) * 2 - 1
        (hv,) = torch.autograd.grad((g * v).sum(), x, create_graph=True)
        est = est + (hv * v).sum(-1).mean()
    return est / n_probes


def input_grad_norm(model, x):
    x = x.detach().requires_grad_(True)
    (g,) = torch.autograd.grad(model(x).sum(), x)
    return g.norm(dim=-1).mean().item()


def telemetry(n):
    x = torch.randn(n, len(FEATURES))
    glide = 2.5 + 0.6 * x[:, 0] - 0.4 * x[:, 1] + 0.2 * torch.sin(x[:, 2]) + 0.1 * x[:, 4]
    return x, glide


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batches", type=int, default=3)
    ap.add_argument("--smooth-weight", type=float, default=1e-2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    model = GlideNet()
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
    for epoch in range(args.epochs):
        phase = phase_for(epoch)
        for _ in range(args.batches):
            x, y = telemetry(32)
            pred = model(x)
            if phase == "mse":
                loss = F.mse_loss(pred, y)
            else:
                loss = F.huber_loss(pred, y, delta=0.5)
            if phase == "smooth":
                loss = loss + args.smooth_weight * hutchinson_hessian_trace(model, x).abs()
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        log.info("epoch %d phase %s loss %.4f |dy/dx| %.3f", epoch, phase, loss.item(),
                 input_grad_norm(model, x))


if __name__ == "__main__":
    main()
