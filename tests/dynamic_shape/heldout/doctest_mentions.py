"""Negative: docstrings show `torch.nonzero(x)` and `x[mask]` examples; the code itself is dense."""
import torch
from torch import nn


def masked_average(x, mask):
    """Average x over mask without ragged tensors.

    >>> x[mask].mean()            # what the reference code did
    >>> torch.nonzero(mask)       # also avoided
    """
    m = mask.to(x.dtype)
    return (x * m).sum() / m.sum().clamp(min=1)


class Case(nn.Module):
    def forward(self, x, mask):
        return masked_average(x, mask)


def inputs():
    return torch.randn(7, 3), torch.rand(7, 3) > 0.5
