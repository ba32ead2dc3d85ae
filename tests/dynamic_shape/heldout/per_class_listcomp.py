"""Per-class feature means from a list comprehension of boolean-mask selections."""
import torch
from torch import nn


class Case(nn.Module):
    num_classes = 3

    def forward(self, feats, labels):
        means = [feats[labels == c].mean(0) for c in range(self.num_classes)]  # expect: MS202 dynamic
        return torch.stack(means)


def inputs():
    return torch.randn(30, 4), torch.arange(30) % 3
