"""LiDAR pre-processing: points outside the range are dropped, then a random permutation of the survivors is drawn."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, max_range: float = 1.5) -> None:
        super().__init__()
        self.max_range = max_range

    def forward(self, points: torch.Tensor):
        valid = points[:, :3].norm(dim=1) < self.max_range
        kept = points[valid]  # expect: MS202 dynamic
        n_valid = int(valid.sum())
        perm = torch.randperm(n_valid)  # expect: MS203 dynamic
        return kept, perm


def inputs():
    return (torch.randn(50, 4),)
