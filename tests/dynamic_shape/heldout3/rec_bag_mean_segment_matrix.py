"""Negative: bag mean-pooling with a one-hot segment matrix (num_classes from config) and a matmul, no ragged split."""
import torch
import torch.nn.functional as F
from torch import nn


class Case(nn.Module):
    def __init__(self, num_items: int = 50, dim: int = 8, max_bags: int = 4) -> None:
        super().__init__()
        self.items = nn.Embedding(num_items, dim)
        self.max_bags = max_bags

    def forward(self, flat_ids: torch.Tensor, bag_of: torch.Tensor):
        emb = self.items(flat_ids)
        seg = F.one_hot(bag_of, num_classes=self.max_bags).to(emb.dtype).t()
        return (seg @ emb) / seg.sum(1, keepdim=True).clamp(min=1.0)


def inputs():
    return torch.randint(0, 50, (9,)), torch.tensor([0, 0, 1, 1, 1, 1, 2, 2, 2])
