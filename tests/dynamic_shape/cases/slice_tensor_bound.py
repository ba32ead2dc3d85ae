"""Trim to the longest sequence with a 0-d tensor used directly as the slice bound (no int())."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, hidden, lengths):
        max_len = lengths.max()
        return hidden[:, :max_len]  # expect: MS203 dynamic


def inputs():
    return torch.randn(3, 16, 4), torch.tensor([5, 9, 2])
