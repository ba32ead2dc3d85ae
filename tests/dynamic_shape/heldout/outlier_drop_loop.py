"""Robust mean: drop outliers until none is left; the set shrinks inside a tensor-conditioned loop."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z = (x - x.mean()) / (x.std() + 1e-6)
        while (z.abs() > 2.5).any():  # expect: MS204 dynamic
            x = x[z.abs() <= 2.5]  # expect: MS202 dynamic
            z = (x - x.mean()) / (x.std() + 1e-6)
        return x.mean()


def inputs():
    return (torch.cat([torch.randn(50), torch.tensor([9.0, -8.0])]),)
