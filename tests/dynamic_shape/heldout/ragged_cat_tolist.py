"""Collate inside the model: per-sample prefixes of data-dependent length are concatenated."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, seqs: torch.Tensor, lens: torch.Tensor) -> torch.Tensor:
        return torch.cat([s[:n] for s, n in zip(seqs, lens.tolist())])  # expect: MS203 dynamic


def inputs():
    return torch.randn(3, 10, 2), torch.tensor([4, 10, 7])
