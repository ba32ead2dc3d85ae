"""Negative: a user-defined unique() over a Python list of names, and a nonzero_count attribute."""
import torch
from torch import nn


def unique(names):
    return list(dict.fromkeys(names))


class Case(nn.Module):
    def __init__(self, heads=("cls", "box", "cls", "ctr")) -> None:
        super().__init__()
        self.heads = unique(heads)
        self.nonzero_count = len(self.heads)
        self.proj = nn.Linear(4, self.nonzero_count)

    def forward(self, x):
        return self.proj(x)


def inputs():
    return (torch.randn(3, 4),)
