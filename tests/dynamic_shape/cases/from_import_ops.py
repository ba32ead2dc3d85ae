"""Ops imported by name (`from torch import nonzero, masked_select`) in a sparse feature gather."""
import torch
from torch import masked_select, nonzero
from torch.nn import Module


class Case(Module):
    def forward(self, feats, mask):
        idx = nonzero(mask)  # expect: MS201 dynamic
        vals = masked_select(feats, mask)  # expect: MS201 dynamic
        return idx, vals


def inputs():
    return torch.randn(6, 6), torch.rand(6, 6) > 0.5
