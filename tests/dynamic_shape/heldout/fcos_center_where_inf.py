"""Negative: FCOS assignment with torch.where(in_center, area, INF) and a min over GTs."""
from __future__ import annotations

import torch
from torch import Tensor, nn

INF = 1e8


class Case(nn.Module):
    def forward(self, points: Tensor, gt_boxes: Tensor) -> tuple[Tensor, Tensor]:
        lt = points[None] - gt_boxes[:, None, :2]
        rb = gt_boxes[:, None, 2:] - points[None]
        inside = torch.cat([lt, rb], -1).amin(-1) > 0
        area = ((gt_boxes[:, 2:] - gt_boxes[:, :2]).prod(-1))[:, None].expand_as(inside)
        area = torch.where(inside, area, torch.full_like(area, INF))
        min_area, gt_idx = area.min(dim=0)
        return min_area, gt_idx


def inputs():
    return torch.rand(80, 2) * 64, torch.tensor([[0.0, 0.0, 32.0, 32.0], [16.0, 16.0, 60.0, 50.0]])
