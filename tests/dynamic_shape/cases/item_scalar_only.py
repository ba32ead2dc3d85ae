"""Negative: .item() pulls a scale out of a tensor but only uses it as a value, not a size."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, x):
        scale = x.abs().max().item()
        return x / (scale + 1e-6)


def inputs():
    return (torch.randn(8, 8),)
