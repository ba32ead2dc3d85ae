"""Negative: slice bound from len() of a Python list of layers."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleList(nn.Linear(8, 1) for _ in range(3))

    def forward(self, feats):
        n = len(self.heads)
        outs = [h(f) for h, f in zip(self.heads, feats[:n])]
        return torch.cat(outs, -1)


def inputs():
    return (torch.randn(5, 4, 8),)
