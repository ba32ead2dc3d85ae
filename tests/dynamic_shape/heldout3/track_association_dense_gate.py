"""Negative: greedy dense association: IoU gated with a 3-arg where, best detection per track by argmax, update by a mask multiply."""
import torch
from torch import nn


class Tracker:
    """Holds the motion model outside the nn.Module, as many trackers do."""

    def __init__(self, dim: int = 4) -> None:
        self.motion = nn.Linear(dim, dim)


class Case(nn.Module):
    def __init__(self, iou_gate: float = 0.3) -> None:
        super().__init__()
        self.tracker = Tracker()
        self.motion = self.tracker.motion
        self.iou_gate = iou_gate

    def forward(self, tracks: torch.Tensor, dets: torch.Tensor):
        pred = self.motion(tracks)
        lt = torch.max(pred[:, None, :2], dets[None, :, :2])
        rb = torch.min(pred[:, None, 2:], dets[None, :, 2:])
        iou = (rb - lt).clamp(min=0).prod(-1)
        gated = torch.where(iou > self.iou_gate, iou, torch.zeros_like(iou))
        best_iou, best = gated.max(1)
        matched = (best_iou > 0).unsqueeze(1).to(tracks.dtype)
        return matched * dets[best] + (1 - matched) * pred


def inputs():
    return torch.rand(3, 4) * 10, torch.rand(5, 4) * 10
