"""Network registry. Architectures register themselves by name; the config picks them."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

NETS = {}


def register(name):
    def deco(cls):
        NETS[name] = cls
        return cls
    return deco


def build_net(spec, d_in):
    spec = dict(spec)
    return NETS[spec.pop("arch")](d_in=d_in, **spec)


@register("fourier_mlp")
class FourierMLP(nn.Module):
    """Random Fourier features of (x, t) followed by an MLP; the activation is a torch.nn.functional name."""

    def __init__(self, d_in, width, depth, act, n_freq, sigma):
        super().__init__()
        self.register_buffer("B", torch.randn(d_in, n_freq) * sigma)
        dims = [2 * n_freq] + [width] * depth
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.out = nn.Linear(width, 1)
        self.act = getattr(F, act)

    def forward(self, z):
        proj = 2 * math.pi * z @ self.B
        h = torch.cat([torch.sin(proj), torch.cos(proj)], dim=-1)
        for lin in self.layers:
            h = self.act(lin(h))
        return self.out(h)


@register("positive_mlp")
class PositiveMLP(nn.Module):
    def __init__(self, d_in, width, depth, act):
        super().__init__()
        dims = [d_in] + [width] * depth
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.out = nn.Linear(width, 1)
        self.act = getattr(F, act)

    def forward(self, x):
        h = x
        for lin in self.layers:
            h = self.act(lin(h))
        return 0.05 * F.softplus(self.out(h))
