"""Trim a padded batch to its longest real sequence with narrow(); the length comes from the mask."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, tokens, mask):
        max_len = int(mask.sum(1).max())
        tokens = tokens.narrow(1, 0, max_len)  # expect: MS203 dynamic
        return tokens * 1.0


def inputs():
    mask = torch.zeros(3, 12, dtype=torch.long)
    mask[0, :7] = 1
    mask[1, :4] = 1
    return torch.randn(3, 12, 4), mask
