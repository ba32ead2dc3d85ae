"""Position ids built with arange over the longest length in the batch."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, max_pos=64, dim=8):
        super().__init__()
        self.pos = nn.Embedding(max_pos, dim)

    def forward(self, lengths):
        longest = lengths.max()
        positions = torch.arange(int(longest))  # expect: MS203 dynamic
        return self.pos(positions)


def inputs():
    return (torch.tensor([5, 9, 3]),)
