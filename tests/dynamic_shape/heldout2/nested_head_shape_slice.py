"""Negative: the nested helper slices by a prefix length from __init__ and by t.shape[1] // 2."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, n_prefix: int = 3) -> None:
        super().__init__()
        self.n_prefix = n_prefix
        self.proj = nn.Linear(8, 4)

    def forward(self, hidden: torch.Tensor, n_prefix: torch.Tensor):
        def drop_prefix(t):
            return t[:, self.n_prefix:]

        def first_half(t):
            return t[:, : t.shape[1] // 2]

        body = drop_prefix(hidden) * n_prefix.float()
        return self.proj(first_half(body)).mean(1)


def inputs():
    return torch.randn(2, 12, 8), torch.tensor(3)
