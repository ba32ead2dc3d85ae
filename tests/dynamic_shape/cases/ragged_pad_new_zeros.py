"""Ragged to padded: allocate the output with new_zeros sized by the longest segment."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, values, lengths):
        longest = int(lengths.max())
        out = values.new_zeros(lengths.shape[0], longest)  # expect: MS203 dynamic
        out[:, 0] = values[: lengths.shape[0]]
        return out


def inputs():
    return torch.randn(10), torch.tensor([4, 2, 4])
