"""Activation statistics: mean of the positive activations with x[x > 0]."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        h = self.fc(x)
        pos_mean = h[h > 0].mean()  # expect: MS202 dynamic
        return h.relu(), pos_mean


def inputs():
    return (torch.randn(10, 8),)
