"""Retrieval serving: candidates the user already clicked are removed before ranking (bool-mask read of candidate ids)."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, num_items: int = 40, dim: int = 8) -> None:
        super().__init__()
        self.items = nn.Embedding(num_items, dim)

    def forward(self, user: torch.Tensor, cand_ids: torch.Tensor, seen: torch.Tensor):
        seen_mask = (cand_ids[:, None] == seen[None, :]).any(-1)
        fresh = cand_ids[~seen_mask]  # expect: MS202 dynamic
        return self.items(fresh) @ user


def inputs():
    return torch.randn(8), torch.arange(20), torch.tensor([1, 5, 9])
