"""Sobolev training of a bending-stiffness surrogate for bamboo culms.

Teacher: Euler-Bernoulli, simply supported hollow tube, k = 48 E I / L^3, I = pi/64 (D^4 - (D - 2t)^4),
E falling with moisture and node density; the teacher's input gradient comes from autograd (first order)."""
import argparse
import math

import torch

from losses import calibration_loss, sobolev_loss
from model import CulmSurrogate
from spec import SurrogateSpec


def teacher_log_stiffness(x):
    D = 0.04 + 0.08 * x[:, 0]          # m
    t = 0.004 + 0.008 * x[:, 1]
    L = 1.0 + 2.0 * x[:, 2]
    E = 18e9 * (1 - 0.6 * x[:, 3]) * (1 + 0.1 * x[:, 4]) * (1 - 0.2 * x[:, 5])
    inner = torch.clamp(D - 2 * t, min=1e-3)
    I = math.pi / 64 * (D ** 4 - inner ** 4)
    return torch.log(48 * E * I / L ** 3).unsqueeze(1) / 10.0


def teacher_batch(n, gen):
    x = torch.rand(n, 6, generator=gen).requires_grad_(True)
    y = teacher_log_stiffness(x)
    (dy,) = torch.autograd.grad(y.sum(), x)
    y_field = y.detach() * 1.03 + 0.01 * torch.randn(n, 1, generator=gen)
    return x.detach(), y.detach(), dy, y_field


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--act", default="prelu")
    ap.add_argument("--steps", type=int, default=3)
    args = ap.parse_args()
    spec = SurrogateSpec(act=args.act, steps=args.steps)
    torch.manual_seed(spec.seed)
    gen = torch.Generator().manual_seed(spec.seed)
    model = CulmSurrogate(spec)
    opt = torch.optim.Adam(model.parameters(), lr=spec.lr)
    for step in range(spec.steps):
        x, y, dy, y_field = teacher_batch(spec.batch, gen)
        loss, parts = sobolev_loss(model, x, y, dy, spec.slope_weight)
        cal = calibration_loss(model, model(x), y_field)
        opt.zero_grad()
        (loss + spec.calib_weight * cal).backward()
        opt.step()
        print(f"step {step}: value {parts['value']:.4f} slope {parts['slope']:.4f} calib {cal.item():.4f}")


if __name__ == "__main__":
    main()
