"""Sparse-conv voxel hashing: keys sorted, run starts counted, and the voxel feature table sized by the number of distinct keys."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, voxel: float = 0.5, grid: int = 8) -> None:
        super().__init__()
        self.voxel, self.grid = voxel, grid

    def forward(self, points: torch.Tensor, feats: torch.Tensor):
        coords = (points / self.voxel).floor().long().clamp(0, self.grid - 1)
        keys = (coords[:, 0] * self.grid + coords[:, 1]) * self.grid + coords[:, 2]
        sorted_keys, order = keys.sort()
        new_run = torch.ones_like(sorted_keys, dtype=torch.bool)
        new_run[1:] = sorted_keys[1:] != sorted_keys[:-1]
        slot = new_run.long().cumsum(0) - 1
        n_vox = int(new_run.sum())
        table = torch.zeros(n_vox, feats.shape[1])  # expect: MS203 dynamic
        return table.index_add(0, slot, feats[order])


def inputs():
    return torch.rand(40, 3) * 4, torch.randn(40, 5)
