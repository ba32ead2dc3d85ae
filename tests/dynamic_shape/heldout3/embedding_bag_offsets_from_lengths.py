"""DLRM-style sparse feature: per-sample user features expanded to one row per bag lookup (repeat_interleave without output_size)."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 8) -> None:
        super().__init__()
        self.user_proj = nn.Linear(dim, dim)

    def forward(self, user_feat: torch.Tensor, lengths: torch.Tensor):
        bag_of = torch.repeat_interleave(torch.arange(lengths.numel()), lengths)  # expect: MS201 dynamic
        return self.user_proj(user_feat)[bag_of]


def inputs():
    return torch.randn(3, 8), torch.tensor([2, 4, 3])
