"""Negative: split features in half with slices computed from x.shape."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, x):
        half = x.shape[1] // 2
        a, b = x[:, :half], x[:, half:]
        return a * torch.sigmoid(b)


def inputs():
    return (torch.randn(4, 16),)
