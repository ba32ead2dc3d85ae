"""Negative: PointNet++ farthest point sampling: npoint iterations from __init__, argmax + gather, no masks."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, npoint: int = 8) -> None:
        super().__init__()
        self.npoint = npoint

    def forward(self, xyz: torch.Tensor):
        B, N, _ = xyz.shape
        centroids = []
        distance = torch.full((B, N), 1e10)
        farthest = torch.zeros(B, dtype=torch.long)
        for _ in range(self.npoint):
            centroids.append(farthest)
            centroid = torch.gather(xyz, 1, farthest.view(B, 1, 1).expand(-1, 1, 3))
            dist = ((xyz - centroid) ** 2).sum(-1)
            distance = torch.minimum(distance, dist)
            farthest = distance.argmax(-1)
        idx = torch.stack(centroids, 1)
        return torch.gather(xyz, 1, idx[..., None].expand(-1, -1, 3))


def inputs():
    return (torch.rand(2, 32, 3),)
