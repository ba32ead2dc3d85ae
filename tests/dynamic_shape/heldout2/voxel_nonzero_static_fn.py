"""Negative: occupied voxels listed with torch.nonzero_static(size=max_voxels): a padded, fixed-size index list."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, max_voxels: int = 32, grid: int = 8) -> None:
        super().__init__()
        self.max_voxels, self.grid = max_voxels, grid

    def forward(self, points: torch.Tensor):
        cell = (points[:, :2] * self.grid).long().clamp(0, self.grid - 1)
        occ = torch.zeros(self.grid * self.grid).index_fill_(0, cell[:, 0] * self.grid + cell[:, 1], 1.0)
        idx = torch.nonzero_static(occ, size=self.max_voxels, fill_value=-1).squeeze(-1)
        valid = idx >= 0
        coords = torch.stack((idx // self.grid, idx % self.grid), -1) * valid[:, None]
        return coords, valid


def inputs():
    return (torch.rand(40, 3),)
