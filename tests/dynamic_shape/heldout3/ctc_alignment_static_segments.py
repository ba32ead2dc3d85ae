"""Negative: segment ids of a CTC path by cumsum over label changes; per-segment frame counts by scatter_add into max_segments slots."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, max_segments: int = 32) -> None:
        super().__init__()
        self.max_segments = max_segments

    def forward(self, emissions: torch.Tensor):
        path = emissions.argmax(-1)
        changed = torch.cat([path.new_ones(1), (path[1:] != path[:-1]).long()])
        seg_id = (changed.cumsum(0) - 1).clamp(max=self.max_segments - 1)
        counts = torch.zeros(self.max_segments, dtype=torch.long).scatter_add_(0, seg_id, torch.ones_like(seg_id))
        labels = torch.zeros(self.max_segments, dtype=path.dtype).scatter_(0, seg_id, path)
        return counts, labels


def inputs():
    return (torch.randn(30, 6),)
