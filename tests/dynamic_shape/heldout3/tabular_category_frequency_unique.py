"""Frequency encoding of a categorical column: distinct categories and their counts via Tensor.unique(return_counts=True)."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, cat_col: torch.Tensor, num: torch.Tensor):
        cats, counts = cat_col.unique(sorted=True, return_counts=True)  # expect: MS201 dynamic
        freq = counts.float() / cat_col.numel()
        lookup = torch.searchsorted(cats, cat_col)
        return torch.cat([num, freq[lookup].unsqueeze(1)], dim=1)


def inputs():
    return torch.tensor([3, 1, 3, 7, 1, 3, 9]), torch.randn(7, 2)
