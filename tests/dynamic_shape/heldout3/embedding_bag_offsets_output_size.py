"""Negative: bag ids from lengths with repeat_interleave(output_size=ids.shape[0]), pooled with nn.EmbeddingBag offsets."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, num_items: int = 50, dim: int = 8) -> None:
        super().__init__()
        self.bag = nn.EmbeddingBag(num_items, dim, mode="sum")
        self.weight = nn.Linear(dim, 1)

    def forward(self, ids: torch.Tensor, lengths: torch.Tensor):
        offsets = torch.cumsum(lengths, 0) - lengths
        pooled = self.bag(ids, offsets)
        bag_of = lengths.repeat_interleave(
            lengths, output_size=ids.shape[0]
        )
        return pooled, self.weight(pooled).squeeze(-1), bag_of


def inputs():
    return torch.randint(0, 50, (9,)), torch.tensor([2, 4, 3])
