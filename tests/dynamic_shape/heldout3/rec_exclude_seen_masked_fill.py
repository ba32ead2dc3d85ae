"""Negative: already-clicked candidates pushed to -inf with masked_fill, then a fixed top-k (k from __init__)."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, num_items: int = 40, dim: int = 8, k: int = 5) -> None:
        super().__init__()
        self.items = nn.Embedding(num_items, dim)
        self.k = k

    def forward(self, user: torch.Tensor, cand_ids: torch.Tensor, seen: torch.Tensor):
        scores = self.items(cand_ids) @ user
        seen_mask = torch.isin(cand_ids, seen)
        scores = scores.masked_fill(seen_mask, float("-inf"))
        top_scores, top_pos = scores.topk(self.k)
        return cand_ids.gather(0, top_pos), top_scores


def inputs():
    return torch.randn(8), torch.arange(20), torch.tensor([1, 5, 9])
