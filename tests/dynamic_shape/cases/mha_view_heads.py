"""Negative: multi-head reshape with view sizes from x.shape and constructor attributes."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, dim=16, num_heads=4):
        super().__init__()
        self.num_heads, self.head_dim = num_heads, dim // num_heads
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, _ = x.shape
        h = self.proj(x).view(b, n, self.num_heads, self.head_dim).transpose(1, 2)
        return h.reshape(b * self.num_heads, n, self.head_dim)


def inputs():
    return (torch.randn(2, 5, 16),)
