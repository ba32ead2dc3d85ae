"""Negative: a plain embedding lookup and mean pooling over a fixed padded length."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Case(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(50, 8))

    def forward(self, ids, mask):
        e = F.embedding(ids, self.weight)
        m = mask.unsqueeze(-1).float()
        return (e * m).sum(1) / m.sum(1).clamp(min=1)


def inputs():
    return torch.randint(0, 50, (3, 7)), torch.ones(3, 7)
