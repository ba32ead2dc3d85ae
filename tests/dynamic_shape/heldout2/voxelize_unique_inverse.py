"""Dynamic voxelisation (MinkowskiEngine/spconv prep): unique voxel coords with return_inverse, mean features."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, voxel_size: float = 0.5) -> None:
        super().__init__()
        self.voxel_size = voxel_size

    def forward(self, points: torch.Tensor):
        coords = torch.div(points[:, :3], self.voxel_size, rounding_mode="floor").long()
        voxels, inverse = torch.unique(coords, dim=0, return_inverse=True)  # expect: MS201 dynamic
        feats = points.new_zeros(voxels.shape[0], points.shape[1])
        feats.index_add_(0, inverse, points)
        counts = points.new_zeros(voxels.shape[0]).index_add_(0, inverse, points.new_ones(points.shape[0]))
        return voxels, feats / counts[:, None]


def inputs():
    return (torch.rand(64, 4) * 2,)
