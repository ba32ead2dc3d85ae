"""Neural pair potential for small water-like clusters (energies in eV, positions in Angstrom)."""
import functools
from dataclasses import dataclass

import torch
import torch.nn as nn

MODELS = {}


def register_model(name):
    def wrap(cls):
        MODELS[name] = cls
        return cls
    return wrap


def expects_positions(fn):
    @functools.wraps(fn)
    def inner(self, pos, *args, **kwargs):
        if pos.shape[-1] != 3:
            raise ValueError(f"positions must be (..., 3), got {tuple(pos.shape)}")
        return fn(self, pos, *args, **kwargs)
    return inner


@dataclass
class PotentialConfig:
    model: str = "pair"
    n_rbf: int = 12
    cutoff: float = 4.0
    hidden: int = 16
    ffn: str = "mlp"


class MlpFFN(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, h), nn.SiLU(), nn.Linear(h, 1))

    def forward(self, x):
        return self.net(x)


class GluFFN(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.up = nn.Linear(d, 2 * h)
        self.gate = nn.GLU(dim=-1)
        self.down = nn.Linear(h, 1)

    def forward(self, x):
        return self.down(self.gate(self.up(x)))


FFNS = {"mlp": MlpFFN, "glu": GluFFN}


class EnergyMixin:
    def pair_distances(self, pos):
        diff = pos.unsqueeze(-2) - pos.unsqueeze(-3)
        n = pos.shape[-2]
        iu = torch.triu_indices(n, n, offset=1)
        d2 = (diff ** 2).sum(-1)[..., iu[0], iu[1]]
        return torch.sqrt(d2 + 1e-9)


@register_model("pair")
class PairPotential(EnergyMixin, nn.Module):
    def __init__(self, cfg: PotentialConfig):
        super().__init__()
        self.register_buffer("mu", torch.linspace(0.5, cfg.cutoff, cfg.n_rbf))
        self.gamma = 4.0
        self.cutoff = cfg.cutoff
        self.ffn = FFNS[cfg.ffn](cfg.n_rbf, cfg.hidden)

    @expects_positions
    def forward(self, pos):
        r = self.pair_distances(pos)
        rbf = torch.exp(-self.gamma * (r.unsqueeze(-1) - self.mu) ** 2)
        fcut = 0.5 * (torch.cos(torch.pi * r / self.cutoff) + 1.0) * (r < self.cutoff)
        return (self.ffn(rbf).squeeze(-1) * fcut).sum(-1)


@register_model("pair+e0")
class ShiftedPairPotential(PairPotential):
    def __init__(self, cfg: PotentialConfig):
        super().__init__(cfg)
        self.e0 = nn.Parameter(torch.zeros(()))

    @expects_positions
    def forward(self, pos):
        return super().forward(pos) + self.e0
