"""Sliced score matching (Song et al. 2019) for the 2-D positions of ink blots left by a flexing fountain-pen nib
on a test card, at three nib-pressure levels (the conditioning variable).

The score network's layers forward ``*args`` / ``**kwargs`` (the pressure embedding travels as a keyword through
every block); the objective is a plain callable object; a module-level ``global`` switches the projection
distribution.
"""
from __future__ import annotations

import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("nib_ssm")
RADEMACHER = True


class PressureEmbedding(nn.Module):
    def __init__(self, n_levels: int, dim: int):
        super().__init__()
        self.table = nn.Embedding(n_levels, 2 * dim)
        self.gate = nn.GLU(dim=-1)

    def forward(self, level):
        return self.gate(self.table(level))


class ConditionedBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.lin = nn.Linear(dim, 2 * dim)
        self.glu = nn.GLU(dim=-1)

    def forward(self, h, *args, film=None, **kwargs):
        h = self.glu(self.lin(h))
        if film is not None:
            h = h * (1 + film)
        return h


class ScoreNet(nn.Module):
    def __init__(self, dim: int = 32, n_levels: int = 3, depth: int = 2):
        super().__init__()
        self.inp = nn.Linear(2, dim)
        self.embed = PressureEmbedding(n_levels, dim)
        self.blocks = nn.ModuleList(ConditionedBlock(dim) for _ in range(depth))
        self.out = nn.Linear(dim, 2)

    def trunk(self, x, *args, **kwargs):
        h = F.gelu(self.inp(x), approximate="tanh")
        for block in self.blocks:
            h = block(h, *args, **kwargs)
        return h

    def forward(self, x, level, *args, **kwargs):
        kwargs.setdefault("film", self.embed(level))
        return self.out(self.trunk(x, *args, **kwargs))


class SlicedScoreMatching:
    """J = E_v [ v^T (d s / d x) v + 0.5 (v^T s)^2 ]."""

    def __init__(self, n_projections: int = 1):
        self.n_projections = n_projections

    def projections(self, x):
        v = torch.randn(self.n_projections, *x.shape)
        if RADEMACHER:
            v = v.sign()
        return v

    def __call__(self, score_fn, x, *args, **kwargs):
        x = x.detach().requires_grad_(True)
        s = score_fn(x, *args, **kwargs)
        total = 0.0
        for v in self.projections(x):
            sv = (s * v).sum()
            (grad_sv,) = torch.autograd.grad(sv, x, create_graph=True)
            total = total + ((grad_sv * v).sum(-1) + 0.5 * (s * v).sum(-1) ** 2).mean()
        return total / self.n_projections


def blot_positions(n: int, gen: torch.Generator):
    """Blots spread along the stroke; heavier pressure splits the tines and widens the spread sideways."""
    level = torch.randint(0, 3, (n,), generator=gen)
    along = torch.randn(n, generator=gen) * 1.0
    across = torch.randn(n, generator=gen) * (0.15 + 0.2 * level.float())
    split = (level == 2).float() * torch.sign(torch.randn(n, generator=gen)) * 0.4
    return torch.stack([along, across + split], 1), level


def main(argv=None):
    global RADEMACHER
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--gaussian-projections", action="store_true")
    args = parser.parse_args(argv)
    RADEMACHER = not args.gaussian_projections
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(4)
    pos, level = blot_positions(512, gen)

    net = ScoreNet()
    objective = SlicedScoreMatching(n_projections=2)
    opt = torch.optim.Adam(net.parameters(), lr=2e-3)
    for step in range(args.steps):
        idx = torch.randint(0, pos.size(0), (128,), generator=gen)
        loss = objective(net, pos[idx], level[idx])
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        log.info("step %d ssm %.4f", step, loss.item())
    assert net.inp.weight.grad.abs().sum() > 0 and net.embed.table.weight.grad is not None


if __name__ == "__main__":
    main()
