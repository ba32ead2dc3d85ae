"""Hypernetwork: duct descriptor -> flat parameter vector of the potential network."""
import torch
from torch import nn


class GeometryHyperNet(nn.Module):
    def __init__(self, cond_dim, hidden, n_target_params):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(cond_dim, hidden),
            nn.GELU(approximate="tanh"),
            nn.LayerNorm(hidden),
            nn.Linear(hidden, n_target_params),
        )
        with torch.no_grad():
            self.body[-1].weight.mul_(0.1)

    def forward(self, cond):
        return self.body(cond)
