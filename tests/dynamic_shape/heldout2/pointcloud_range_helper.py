"""Point-cloud range filter (OpenPCDet mask_points_by_range) through a helper that returns the mask."""
import torch
from torch import nn


def mask_points_by_range(points, limit_range):
    return ((points[:, 0] >= limit_range[0]) & (points[:, 0] <= limit_range[3])
            & (points[:, 1] >= limit_range[1]) & (points[:, 1] <= limit_range[4]))


class Case(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.point_cloud_range = [0.0, -1.0, -1.0, 1.5, 1.0, 1.0]
        self.mlp = nn.Linear(4, 8)

    def forward(self, points: torch.Tensor):
        kept = points[mask_points_by_range(points, self.point_cloud_range)]  # expect: MS202 dynamic
        return self.mlp(kept).max(0).values


def inputs():
    return (torch.randn(50, 4),)
