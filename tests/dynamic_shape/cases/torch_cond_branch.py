"""Negative: data-dependent choice written with torch.cond; both branches return the same shape."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, x):
        def scale_up(t):
            return t * 2.0

        def scale_down(t):
            return t * 0.5

        return torch.cond(x.sum() > 0, scale_up, scale_down, (x,))


def inputs():
    return (torch.randn(4, 4),)
