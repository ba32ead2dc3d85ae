"""FCOS-style center sampling; candidate ids via the unbound method torch.Tensor.nonzero(mask)."""
from __future__ import annotations

import torch
from torch import Tensor, nn


class Case(nn.Module):
    def __init__(self, radius: float = 1.5) -> None:
        super().__init__()
        self.radius = radius

    def forward(self, points: Tensor, gt_centers: Tensor) -> Tensor:
        dist = (points[None] - gt_centers[:, None]).abs().amax(-1)
        in_center = dist < self.radius * 8
        candidate_idxs = torch.Tensor.nonzero(in_center)  # expect: MS201 dynamic
        return candidate_idxs


def inputs():
    return torch.rand(80, 2) * 64, torch.tensor([[10.0, 10.0], [40.0, 30.0]])
