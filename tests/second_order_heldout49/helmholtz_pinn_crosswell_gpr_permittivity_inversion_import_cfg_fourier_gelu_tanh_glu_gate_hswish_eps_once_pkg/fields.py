"""Coordinate networks: BaseField (input scaling, encode/decode contract) -> FourierField."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class BaseField(nn.Module):
    """Maps (x, z) in metres to a scalar field value."""

    def __init__(self, extent):
        super().__init__()
        self.register_buffer("scale", torch.tensor(extent))

    def encode(self, xz):
        raise NotImplementedError

    def decode(self, h):
        raise NotImplementedError

    def forward(self, xz):
        return self.decode(self.encode(xz / self.scale)).squeeze(-1)


class FourierField(BaseField):
    """Random Fourier features followed by a tanh-GELU MLP (smooth, so the Laplacian is informative)."""

    def __init__(self, extent, n_freq, width, depth, sigma):
        super().__init__(extent)
        self.register_buffer("B", sigma * torch.randn(2, n_freq))
        self.inp = nn.Linear(2 * n_freq, width)
        self.hidden = nn.ModuleList(nn.Linear(width, width) for _ in range(depth))
        self.out = nn.Linear(width, 1)

    def encode(self, xz):
        proj = 2.0 * math.pi * xz @ self.B
        h = self.inp(torch.cat([torch.sin(proj), torch.cos(proj)], dim=-1))
        for layer in self.hidden:
            h = F.gelu(layer(h), approximate="tanh")
        return h

    def decode(self, h):
        return self.out(h)
