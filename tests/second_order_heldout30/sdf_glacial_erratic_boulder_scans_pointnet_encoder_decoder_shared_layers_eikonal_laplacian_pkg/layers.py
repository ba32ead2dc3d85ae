"""Building blocks shared by the point-cloud encoder and the SDF decoder."""
import math

import torch
import torch.nn as nn


class FourierEmbedding(nn.Module):
    """Random Fourier features of xyz (Tancik et al. 2020); the projection is a fixed buffer."""

    def __init__(self, n_freq=8, sigma=2.0):
        super().__init__()
        self.register_buffer("B", torch.randn(3, n_freq) * sigma)
        self.out_dim = 2 * n_freq + 3

    def forward(self, xyz):
        proj = 2 * math.pi * xyz @ self.B
        return torch.cat([xyz, torch.sin(proj), torch.cos(proj)], dim=-1)


class ResidualMLPBlock(nn.Module):
    """Pre-norm residual MLP block."""

    def __init__(self, width, expansion=2):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.fc1 = nn.Linear(width, expansion * width)
        self.act = nn.GELU(approximate="tanh")
        self.fc2 = nn.Linear(expansion * width, width)

    def forward(self, x):
        return x + self.fc2(self.act(self.fc1(self.norm(x))))


def residual_stack(width, depth):
    return nn.Sequential(*[ResidualMLPBlock(width) for _ in range(depth)])
