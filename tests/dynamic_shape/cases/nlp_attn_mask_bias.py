"""Negative: padding handled with an additive -inf attention bias; no tokens are removed."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)

    def forward(self, x, attention_mask):
        q, k, v = self.qkv(x).chunk(3, -1)
        scores = q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5
        scores = scores.masked_fill(attention_mask[:, None, :] == 0, float("-inf"))
        return scores.softmax(-1) @ v


def inputs():
    mask = torch.ones(2, 6, dtype=torch.long)
    mask[1, 4:] = 0
    return torch.randn(2, 6, 8), mask
