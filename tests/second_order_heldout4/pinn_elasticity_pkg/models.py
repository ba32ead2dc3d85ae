"""Displacement network for 2-D linear elasticity: Gaussian RBF features followed by a residual MLP."""
import torch
import torch.nn as nn


class GaussianRBF(nn.Module):
    def __init__(self, n_centers=64, dim=2):
        super().__init__()
        self.centers = nn.Parameter(torch.rand(n_centers, dim))
        self.log_width = nn.Parameter(torch.full((n_centers,), -2.0))

    def forward(self, x):
        d2 = (x.unsqueeze(1) - self.centers.unsqueeze(0)).pow(2).sum(-1)
        return torch.exp(-d2 / (2 * torch.exp(self.log_width) ** 2))


class ResidualMLPBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.fc1 = nn.Linear(width, 2 * width)
        self.act = nn.GELU(approximate="tanh")
        self.fc2 = nn.Linear(2 * width, width)

    def forward(self, h):
        return h + self.fc2(self.act(self.fc1(self.norm(h))))


class DisplacementNet(nn.Module):
    def __init__(self, n_centers=64, width=64, depth=2):
        super().__init__()
        self.rbf = GaussianRBF(n_centers)
        self.proj = nn.Linear(n_centers, width)
        self.blocks = nn.Sequential(*[ResidualMLPBlock(width) for _ in range(depth)])
        self.head = nn.Linear(width, 2)

    def forward(self, xy):
        return self.head(self.blocks(self.proj(self.rbf(xy))))
