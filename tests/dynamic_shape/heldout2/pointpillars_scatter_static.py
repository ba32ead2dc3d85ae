"""Negative: PointPillars scatter to a fixed BEV canvas: flat index from coords, index_add_ into H*W cells."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, nx: int = 8, ny: int = 8, channels: int = 4) -> None:
        super().__init__()
        self.nx, self.ny, self.channels = nx, ny, channels

    def forward(self, pillar_features: torch.Tensor, coords: torch.Tensor):
        canvas = pillar_features.new_zeros(self.channels, self.nx * self.ny)
        indices = coords[:, 1] * self.nx + coords[:, 2]
        canvas.index_add_(1, indices, pillar_features.t())
        occupancy = torch.zeros(self.nx * self.ny).scatter_(0, indices, 1.0)
        return canvas.view(1, self.channels, self.ny, self.nx), occupancy.sum()


def inputs():
    coords = torch.stack([torch.zeros(20, dtype=torch.long), torch.randint(0, 8, (20,)), torch.randint(0, 8, (20,))], 1)
    return torch.randn(20, 4), coords
