"""Negative: a tensor condition folded into torch.where instead of a Python if (same shape)."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, x, lengths):
        has_empty = (lengths == 0).any()
        return torch.where(has_empty, x * 0.5, x)


def inputs():
    return torch.randn(3, 4), torch.tensor([2, 0, 1])
