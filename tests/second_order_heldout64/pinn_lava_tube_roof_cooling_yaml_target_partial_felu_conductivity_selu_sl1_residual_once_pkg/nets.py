"""Networks of the lava-tube PINN: temperature field T(z, t) and a learned conductivity k(T)."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Sine(nn.Module):
    def __init__(self, w0=1.0):
        super().__init__()
        self.w0 = w0

    def forward(self, x):
        return torch.sin(self.w0 * x)


class FourierMLP(nn.Module):
    """MLP on (z, t) with optional Fourier features.

    The input layer is separable: one projection per coordinate and per feature family, summed.  It is
    the same map as a Linear on the concatenated features, without materialising the concatenation
    (keeps the higher-order autograd graph of the PDE residual small).
    """

    def __init__(self, in_dim, width, depth, n_frequencies, activation):
        super().__init__()
        self.register_buffer("freqs", math.pi * 2.0 ** torch.arange(n_frequencies).float())
        self.coord = nn.ModuleList(nn.Linear(1, width) for _ in range(in_dim))
        self.fourier_sin = nn.ModuleList(nn.Linear(n_frequencies, width, bias=False) for _ in range(in_dim))
        self.fourier_cos = nn.ModuleList(nn.Linear(n_frequencies, width, bias=False) for _ in range(in_dim))
        self.hidden = nn.ModuleList(nn.Linear(width, width) for _ in range(depth - 1))
        self.activation = activation
        self.out = nn.Linear(width, 1)

    def forward(self, z, t):
        coords = (z, t)
        h = sum(proj(c) for proj, c in zip(self.coord, coords))
        if self.freqs.numel() > 0:
            for c, ps, pc in zip(coords, self.fourier_sin, self.fourier_cos):
                h = h + ps(torch.sin(c * self.freqs)) + pc(torch.cos(c * self.freqs))
        h = self.activation(h)
        for layer in self.hidden:
            h = self.activation(layer(h))
        return self.out(h)


class ConductivityNet(nn.Module):
    """k(T)/k_ref > 0; basalt conductivity drops with temperature, learned from the data misfit."""

    def __init__(self, hidden=8):
        super().__init__()
        self.inp = nn.Linear(1, hidden)
        self.act = nn.SELU()
        self.outp = nn.Linear(hidden, 1)

    def forward(self, temperature):
        return 0.2 + F.softplus(self.outp(self.act(self.inp(temperature))))
