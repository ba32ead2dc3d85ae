"""Negative: helpers and attributes named after dynamic ops (nonzero_rows, unique_ids, masked_select_*) doing static work."""
import torch
from torch import nn


def nonzero_rows(x: torch.Tensor) -> torch.Tensor:
    """Returns a 0/1 row indicator, the same length as x (unlike torch.nonzero)."""
    return (x.abs().sum(-1) > 0).long()


class Case(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.unique_ids = nn.Embedding(10, 4)
        self.masked_select_scale = 0.5

    def forward(self, ids: torch.Tensor, x: torch.Tensor):
        rows = nonzero_rows(x)
        emb = self.unique_ids(ids)  # an embedding lookup, not torch.unique
        where_cfg = {"mode": "where", "repeat_interleave": 2}
        return emb * rows[:, None] * self.masked_select_scale * where_cfg["repeat_interleave"]


def inputs():
    x = torch.randn(6, 4)
    x[2] = 0
    return torch.randint(0, 10, (6,)), x
