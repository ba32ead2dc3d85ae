"""Negative: pad buffer from x.new_full((x.size(0), self.max_len), pad) and a copy of a prefix."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, max_len: int = 12, pad: int = 0) -> None:
        super().__init__()
        self.max_len, self.pad = max_len, pad

    def forward(self, ids):
        out = ids.new_full((ids.size(0), self.max_len), self.pad)
        n = min(ids.size(1), self.max_len)
        out[:, :n] = ids[:, :n]
        return out


def inputs():
    return (torch.randint(1, 50, (2, 9)),)
