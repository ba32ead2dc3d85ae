"""Negative: filtering a Python list of feature maps by config flags, not a tensor mask."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, use_levels=(True, False, True)):
        super().__init__()
        self.use_levels = use_levels

    def forward(self, p3, p4, p5):
        feats = [f for f, use in zip((p3, p4, p5), self.use_levels) if use]
        return torch.cat([f.flatten(1) for f in feats], 1)


def inputs():
    return torch.randn(1, 4, 8, 8), torch.randn(1, 4, 4, 4), torch.randn(1, 4, 2, 2)
