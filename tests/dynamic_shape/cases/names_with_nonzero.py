"""Negative: helpers and attributes whose names merely contain "nonzero" or "unique"."""
import torch
import torch.nn as nn


def nonzero_mean(x, mask):
    return (x * mask).sum() / mask.sum().clamp(min=1)


class Case(nn.Module):
    def __init__(self):
        super().__init__()
        self.num_unique_ids = 16
        self.unique_emb = nn.Embedding(self.num_unique_ids, 4)

    def forward(self, ids, x):
        nonzero_mask = (x != 0).float()
        return self.unique_emb(ids % self.num_unique_ids).sum() + nonzero_mean(x, nonzero_mask)


def inputs():
    return torch.randint(0, 100, (6,)), torch.randn(6, 3)
