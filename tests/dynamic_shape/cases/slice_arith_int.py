"""Keep a margin around the positives: k = 2 * count + 1 computed with int() and arithmetic."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, x, mask):
        count = int(mask.sum())
        k = 2 * count + 1
        k = min(k, x.shape[0])
        return x[:k]  # expect: MS203 dynamic


def inputs():
    return torch.randn(50, 4), torch.rand(50) > 0.8
