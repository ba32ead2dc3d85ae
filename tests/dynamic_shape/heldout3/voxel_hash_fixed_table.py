"""Negative: voxel features hashed into a fixed-size table (table_size from __init__, key % table_size) with scatter_add_."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, voxel: float = 0.5, table_size: int = 64) -> None:
        super().__init__()
        self.voxel, self.table_size = voxel, table_size
        self.primes = (73856093, 19349663, 83492791)

    def forward(self, points: torch.Tensor, feats: torch.Tensor):
        c = (points / self.voxel).floor().long()
        h = (c[:, 0] * self.primes[0]) ^ (c[:, 1] * self.primes[1]) ^ (c[:, 2] * self.primes[2])
        slot = h.remainder(self.table_size)
        table = feats.new_zeros(self.table_size, feats.shape[1])
        table.scatter_add_(0, slot[:, None].expand_as(feats), feats)
        occupancy = torch.zeros(self.table_size).index_add_(0, slot, torch.ones(slot.shape[0]))
        return table / occupancy.clamp(min=1.0)[:, None]


def inputs():
    return torch.rand(40, 3) * 4, torch.randn(40, 5)
