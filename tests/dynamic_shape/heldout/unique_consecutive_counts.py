"""Segment lengths of a sorted id stream: torch.unique_consecutive(..., return_counts=True)[1]."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, sorted_ids):
        counts = torch.unique_consecutive(sorted_ids, return_counts=True)[1]  # expect: MS201 dynamic
        return counts.float().mean()


def inputs():
    return (torch.sort(torch.randint(0, 5, (40,))).values,)
