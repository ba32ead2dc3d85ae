"""Negative: valid LiDAR points packed to a fixed budget with torch.nonzero_static(size=..., fill_value=...) inside a nested function."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, max_points: int = 32, max_range: float = 1.5) -> None:
        super().__init__()
        self.max_points, self.max_range = max_points, max_range

    def forward(self, points: torch.Tensor):
        def packed_indices(valid):
            idx = torch.nonzero_static(valid, size=self.max_points, fill_value=-1).squeeze(1)
            return idx.clamp(min=0), (idx >= 0)

        idx, present = packed_indices(points[:, :3].norm(dim=1) < self.max_range)
        return points[idx] * present[:, None].float()


def inputs():
    return (torch.randn(50, 4),)
