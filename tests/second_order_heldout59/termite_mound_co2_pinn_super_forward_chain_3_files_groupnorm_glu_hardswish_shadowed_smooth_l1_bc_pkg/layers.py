"""Base coordinate network for the CO2 concentration c(z, t) inside a termite-mound chimney."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class FourierFieldNet(nn.Module):
    """Random Fourier features of (z, t) and one lifted hidden layer.

    Subclasses extend forward() through super().forward() and may override activate().
    """

    def __init__(self, width=32, n_freq=8, scale=1.5):
        super().__init__()
        # sin and cos features as one sine with a quarter-period phase on the second half
        self.register_buffer("B", scale * torch.randn(2, n_freq).repeat(1, 2))
        self.register_buffer("phase", torch.cat([torch.zeros(n_freq), torch.full((n_freq,), math.pi / 2)]))
        self.lift = nn.Linear(2 * n_freq, width)

    def activate(self, h):
        return F.hardswish(h)

    def features(self, zt):
        return torch.sin(2 * math.pi * zt @ self.B + self.phase)

    def forward(self, zt):
        return self.activate(self.lift(self.features(zt)))
