"""Negative: random point sampling to a fixed budget: randperm over x.shape[0] and a constant slice; distant points zero-weighted."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, num_points: int = 16, max_range: float = 1.5) -> None:
        super().__init__()
        self.num_points, self.max_range = num_points, max_range

    def forward(self, points: torch.Tensor):
        choice = torch.randperm(points.shape[0])[: self.num_points]
        sampled = points[choice]
        weight = (sampled[:, :3].norm(dim=1) < self.max_range).float()
        return sampled * weight[:, None]


def inputs():
    return (torch.randn(50, 4),)
