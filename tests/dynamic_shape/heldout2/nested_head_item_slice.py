"""Prefix-tuning style head defined as a nested function: the prefix length comes from a tensor via .item()."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(8, 4)

    def forward(self, hidden: torch.Tensor, n_prefix: torch.Tensor):
        def drop_prefix(t):
            return t[:, n_prefix.item():]  # expect: MS203 dynamic

        return self.proj(drop_prefix(hidden)).mean(1)


def inputs():
    return torch.randn(2, 12, 8), torch.tensor(3)
