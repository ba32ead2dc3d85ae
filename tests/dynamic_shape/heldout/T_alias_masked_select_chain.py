"""Weighted sum over selected entries: `import torch as T` and a chained .masked_select()."""
import torch as T
from torch import nn


class Case(nn.Module):
    def forward(self, x, w, m):
        return (x * w).masked_select(m).sum()  # expect: MS201 dynamic


def inputs():
    return T.randn(5, 5), T.rand(5, 5), T.rand(5, 5) > 0.4
