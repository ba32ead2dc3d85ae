"""Ragged batching: split a packed token tensor by per-sample lengths read out with tolist()."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, packed, lengths):
        chunks = torch.split(packed, lengths.tolist())  # expect: MS203 dynamic
        return torch.stack([c.mean(0) for c in chunks])


def inputs():
    return torch.randn(10, 6), torch.tensor([3, 5, 2])
