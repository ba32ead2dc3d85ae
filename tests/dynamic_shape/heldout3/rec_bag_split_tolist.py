"""Variable-length bags of item embeddings split by per-user history lengths, each bag mean-pooled (comprehension)."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, num_items: int = 50, dim: int = 8) -> None:
        super().__init__()
        self.items = nn.Embedding(num_items, dim)

    def forward(self, flat_ids: torch.Tensor, bag_sizes: torch.Tensor):
        emb = self.items(flat_ids)
        bags = emb.split(bag_sizes.tolist())  # expect: MS203 dynamic
        return torch.stack([b.mean(0) for b in bags])


def inputs():
    return torch.randint(0, 50, (9,)), torch.tensor([2, 4, 3])
