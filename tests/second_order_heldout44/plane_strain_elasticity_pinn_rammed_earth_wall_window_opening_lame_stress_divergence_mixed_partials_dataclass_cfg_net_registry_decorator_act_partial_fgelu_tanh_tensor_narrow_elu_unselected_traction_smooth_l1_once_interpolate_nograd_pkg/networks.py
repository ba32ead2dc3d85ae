"""Displacement networks, selected by name through a registry; activations selected by a config string."""
import math
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

NETS = {}

ACTIVATIONS = {
    "tanh": torch.tanh,
    "silu": F.silu,
    "gelu_tanh": partial(F.gelu, approximate="tanh"),
    "elu": F.elu,
}


def register(name):
    def deco(cls):
        NETS[name] = cls
        return cls
    return deco


@register("mlp")
class PlainMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.act = ACTIVATIONS[cfg.act]
        dims = [2] + [cfg.width] * cfg.depth
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.head = nn.Linear(cfg.width, 2)

    def forward(self, x):
        for lin in self.layers:
            x = self.act(lin(x))
        return self.head(x)


@register("fourier_resmlp")
class FourierResMLP(nn.Module):
    """Random Fourier features sin(Bx + phase) (cos written as a phase shift) and residual blocks."""

    def __init__(self, cfg):
        super().__init__()
        B = torch.randn(2, cfg.n_freq) * cfg.sigma
        self.register_buffer("B", torch.cat([B, B], 1))
        self.register_buffer("phase", torch.cat([torch.zeros(cfg.n_freq), torch.full((cfg.n_freq,), math.pi / 2)]))
        self.lift = nn.Linear(2 * cfg.n_freq, cfg.width)
        self.blocks = nn.ModuleList(nn.Linear(cfg.width, cfg.width) for _ in range(cfg.depth))
        self.act = ACTIVATIONS[cfg.act]
        self.head = nn.Linear(cfg.width, 2)

    def forward(self, x):
        h = self.lift(torch.sin(x @ self.B + self.phase))
        for blk in self.blocks:
            h = h + self.act(blk(h))
        return self.head(h)


def build_net(cfg):
    return NETS[cfg.name](cfg)
