"""Negative: Tensor.count_nonzero(dim=1) to normalise per-row sums."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, x):
        n = (x > 0).count_nonzero(dim=1).clamp(min=1)
        return x.clamp(min=0).sum(1) / n


def inputs():
    return (torch.randn(6, 9),)
