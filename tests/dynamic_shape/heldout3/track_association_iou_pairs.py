"""SORT-style track association: (track, detection) pairs above an IoU gate, and an early return when nothing matched."""
import torch
from torch import nn


def box_iou(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    area_a = (a[:, 2:] - a[:, :2]).prod(-1)
    area_b = (b[:, 2:] - b[:, :2]).prod(-1)
    return inter / (area_a[:, None] + area_b[None, :] - inter)


class Case(nn.Module):
    def __init__(self, iou_gate: float = 0.3) -> None:
        super().__init__()
        self.iou_gate = iou_gate

    def forward(self, tracks: torch.Tensor, dets: torch.Tensor):
        iou = box_iou(tracks, dets)
        rows, cols = torch.nonzero(iou > self.iou_gate, as_tuple=True)  # expect: MS201 dynamic
        if rows.numel() == 0:  # expect: MS204 dynamic
            return tracks
        tracks = tracks.clone()
        tracks[rows] = dets[cols]
        return tracks


def inputs():
    t = torch.tensor([[0.0, 0.0, 10.0, 10.0], [20.0, 20.0, 30.0, 30.0], [50.0, 50.0, 60.0, 60.0]])
    d = torch.tensor([[1.0, 1.0, 11.0, 11.0], [21.0, 19.0, 31.0, 29.0]])
    return t, d
