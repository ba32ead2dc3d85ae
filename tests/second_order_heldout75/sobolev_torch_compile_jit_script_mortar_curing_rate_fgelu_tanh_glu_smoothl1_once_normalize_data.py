"""Mortar compressive-strength curve f(age, temperature, mix) fitted with Sobolev training.

Lab curves come with strength *and* strength-gain rate (MPa/day); the rate is matched through
d f / d age taken with create_graph=True.  The model is wrapped with torch.compile when available (eager
backend on CPU CI) and the output squashing is a TorchScript helper shared with the deployment export.
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("mortar")


@torch.jit.script
def soft_ceiling(x: torch.Tensor, ceiling: float) -> torch.Tensor:
    # strength saturates smoothly at the design ceiling
    return ceiling * torch.tanh(x / ceiling)


class StrengthNet(nn.Module):
    def __init__(self, n_mix=4, width=32, ceiling=60.0):
        super().__init__()
        self.lift = nn.Linear(2 + n_mix, width)
        self.gate = nn.Linear(width, 2 * width)
        self.glu = nn.GLU(dim=-1)
        self.out = nn.Linear(width, 1)
        self.ceiling = ceiling

    def forward(self, age, temp, mix):
        t = torch.log1p(age)
        h = self.lift(torch.cat([t, temp / 40.0, mix], -1))
        h = F.gelu(h, approximate="tanh")
        h = self.glu(self.gate(h))
        return soft_ceiling(self.out(h), self.ceiling)


def curing_curves(n, seed=0):
    """Nurse-Saul-like maturity curves with analytic rates."""
    g = torch.Generator().manual_seed(seed)
    age = torch.rand(n, 1, generator=g) * 27 + 1
    temp = torch.rand(n, 1, generator=g) * 25 + 5
    mix = torch.rand(n, 4, generator=g)
    k = 0.05 + 0.004 * temp + 0.05 * mix[:, :1]
    s_inf = 35 + 15 * mix[:, 1:2]
    strength = s_inf * (1 - torch.exp(-k * age))
    rate = s_inf * k * torch.exp(-k * age)
    mix = F.normalize(mix, dim=-1)   # mix design proportions as unit vectors
    return age, temp, mix, strength, rate


def sobolev_loss(model, age, temp, mix, strength, rate, w_rate):
    age = age.clone().requires_grad_(True)
    pred = model(age, temp, mix)
    (dpred,) = torch.autograd.grad(pred.sum(), age, create_graph=True)
    l_val = F.smooth_l1_loss(pred, strength)
    l_rate = F.smooth_l1_loss(dpred, rate)
    return l_val + w_rate * l_rate, l_val.detach(), l_rate.detach()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--w-rate", type=float, default=4.0)
    ap.add_argument("--compile", type=int, default=1)
    ap.add_argument("--compile-backend", default="eager")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    data = curing_curves(256)
    net = StrengthNet()
    model = net
    if args.compile and hasattr(torch, "compile"):
        model = torch.compile(net, backend=args.compile_backend)
    opt = torch.optim.Adam(net.parameters(), lr=3e-3)

    for epoch in range(args.epochs):
        perm = torch.randperm(256)
        for chunk in perm.split(64):
            batch = [d[chunk] for d in data]
            loss, lv, lr_ = sobolev_loss(model, *batch, w_rate=args.w_rate)
            opt.zero_grad()
            loss.backward()
            opt.step()
        log.info("epoch %d  value %.3f  rate %.4f", epoch, lv.item(), lr_.item())
    assert net.lift.weight.grad is not None and not math.isnan(net.lift.weight.grad.sum().item())


if __name__ == "__main__":
    main()
