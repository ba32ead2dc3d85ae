"""Networks: a plain field MLP and its hard-constraint subclass."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class FourierEmbedding(nn.Module):
    def __init__(self, n_freq, width):
        super().__init__()
        self.register_buffer("freqs", math.pi * torch.arange(1, n_freq + 1).float())
        self.mix = nn.Sequential(nn.Linear(4 * n_freq, width), nn.Hardswish())

    def forward(self, X):
        arg = X.unsqueeze(-1) * self.freqs
        return self.mix(torch.cat([torch.sin(arg), torch.cos(arg)], dim=-1).flatten(1))


class Block(nn.Module):
    def __init__(self, width, groups, act):
        super().__init__()
        self.lin = nn.Linear(width, width)
        self.norm = nn.GroupNorm(groups, width)
        self.act = getattr(F, act)

    def forward(self, h):
        return h + self.act(self.norm(self.lin(h)))


class FieldNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.embed = FourierEmbedding(8, cfg.width) if cfg.embedding == "fourier" else None
        self.inp = nn.Linear(2, cfg.width)
        self.blocks = nn.ModuleList(Block(cfg.width, cfg.groups, cfg.act) for _ in range(cfg.depth))
        self.out = nn.Linear(cfg.width, 1)

    def raw(self, X):
        h = self.embed(X) if self.embed is not None else torch.tanh(self.inp(X))
        for block in self.blocks:
            h = block(h)
        return self.out(h)

    def forward(self, X):
        return self.raw(X)


class HardConstraintField(FieldNet):
    """T(z, t) = g(z, t) + z (1 - z) t N(z, t): the surface forcing, the base temperature and the initial
    (linear) profile hold exactly, so only the PDE residual and the borehole data are fitted."""

    def __init__(self, cfg, phys):
        super().__init__(cfg)
        self.phys = phys

    def surface(self, t):
        p = self.phys
        return p.surface_mean + p.surface_amp * torch.sin(2 * math.pi * t)

    def forward(self, X):
        z, t = X[:, 0:1], X[:, 1:2]
        g = (1 - z) * self.surface(t) + z * self.phys.bottom_temp
        return g + z * (1 - z) * t * self.raw(X)


def build_field(cfg, phys):
    return HardConstraintField(cfg, phys) if cfg.constraint == "hard" else FieldNet(cfg)
