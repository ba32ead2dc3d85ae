"""Sampled-softmax recommender: in-batch positives and sampled negatives deduplicated into one candidate set."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, num_items: int = 40, dim: int = 8, num_neg: int = 10) -> None:
        super().__init__()
        self.items = nn.Embedding(num_items, dim)
        self.num_items, self.num_neg = num_items, num_neg

    def forward(self, user: torch.Tensor, pos_items: torch.Tensor):
        neg = torch.randint(0, self.num_items, (self.num_neg,))
        candidates = torch.unique(torch.cat([pos_items, neg]))  # expect: MS201 dynamic
        return user @ self.items(candidates).t()


def inputs():
    return torch.randn(4, 8), torch.tensor([3, 7, 3, 12])
