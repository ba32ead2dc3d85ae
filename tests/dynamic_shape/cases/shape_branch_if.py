"""Negative: branching on x.dim() and x.shape, which are static at trace time."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, x):
        if x.dim() == 3:
            x = x.flatten(0, 1)
        if x.shape[0] > 4:
            x = x[:4]
        return x


def inputs():
    return (torch.randn(2, 3, 5),)
