"""Conditional flow matching for paraglider thermal-climb fixes, with a divergence penalty.

Each sample is a (east, north, climb-rate) fix logged while a pilot cores a thermal; the data is a
tilted helix-like cloud.  The velocity field v(x, t) is trained with the straight-path CFM target
x1 - x0 and an extra penalty on the squared divergence E[(div v)^2] (a soft volume-preservation
prior).  The divergence is a Hutchinson estimate with Rademacher probes, taken through a
functools.partial of autograd.grad with create_graph=True so the penalty reaches the weights.
"""
import argparse
import math
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

grad_with_graph = partial(torch.autograd.grad, create_graph=True, retain_graph=True)


class ClimbVelocity(nn.Module):
    def __init__(self, dim=3, hidden=32):
        super().__init__()
        self.inp = nn.Linear(dim + 1, 2 * hidden)
        self.gate = nn.GLU(dim=-1)
        self.mid = nn.Linear(hidden, hidden)
        self.act = nn.PReLU(hidden)
        self.out = nn.Linear(hidden, dim)

    def forward(self, x, t):
        h = self.gate(self.inp(torch.cat([x, t], dim=1)))
        return self.out(self.act(self.mid(h)))


def hutchinson_divergence(v, x, n_probes):
    est = x.new_zeros(x.shape[0])
    for _ in range(n_probes):
        e = torch.randint(0, 2, x.shape, dtype=x.dtype) * 2 - 1
        (e_jac,) = grad_with_graph(v, x, e)
        est = est + (e_jac * e).sum(dim=1)
    return est / n_probes


def thermal_fixes(n, gen):
    turn = torch.rand(n, generator=gen) * 6 * math.pi
    radius = 1.0 + 0.1 * torch.randn(n, generator=gen)
    drift = 0.08 * turn
    east = radius * torch.cos(turn) + drift
    north = radius * torch.sin(turn)
    climb = 1.5 + 0.4 * torch.sin(turn + 0.7) + 0.2 * torch.randn(n, generator=gen)
    x = torch.stack([east, north, climb], dim=1)
    return (x - x.mean(0)) / x.std(0)


@torch.no_grad()
def minibatch_pairing(x0, x1):
    """Greedy nearest-neighbour pairing of noise to data (cheap OT surrogate)."""
    cost = torch.cdist(x0, x1)
    return x1[cost.argmin(dim=1)]


@torch.no_grad()
def sample(model, n, steps, gen):
    x = torch.randn(n, 3, generator=gen)
    for k in range(steps):
        t = torch.full((n, 1), k / steps)
        x = x + model(x, t) / steps
    return x


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--hidden", type=int, default=32)
    p.add_argument("--batch", type=int, default=96)
    p.add_argument("--iters", type=int, default=6)
    p.add_argument("--probes", type=int, default=2)
    p.add_argument("--div-weight", type=float, default=0.05)
    p.add_argument("--lr", type=float, default=2e-3)
    args = p.parse_args([])

    gen = torch.Generator().manual_seed(23)
    data = thermal_fixes(1500, gen)
    model = ClimbVelocity(hidden=args.hidden)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for it in range(args.iters):
        x1 = data[torch.randint(0, len(data), (args.batch,), generator=gen)]
        x0 = torch.randn(x1.shape, generator=gen)
        x1 = minibatch_pairing(x0, x1)
        t = torch.rand(args.batch, 1, generator=gen)
        x_t = ((1 - t) * x0 + t * x1).requires_grad_(True)
        v = model(x_t, t)
        cfm = F.smooth_l1_loss(v, x1 - x0, beta=0.5)
        div = hutchinson_divergence(v, x_t, args.probes)
        loss = cfm + args.div_weight * div.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}  cfm {cfm.item():.4f}  mean div^2 {div.pow(2).mean().item():.3f}")
    xs = sample(model, 256, 10, gen)
    print("sample climb-rate std:", round(xs[:, 2].std().item(), 3))


if __name__ == "__main__":
    main()
