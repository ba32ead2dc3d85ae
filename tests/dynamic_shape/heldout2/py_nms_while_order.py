"""Classic py_cpu_nms (Fast R-CNN): while the ordered list is non-empty, keep the best and drop overlaps."""
import torch
from torch import nn


def box_area(b):
    return (b[:, 2] - b[:, 0]).clamp(min=0) * (b[:, 3] - b[:, 1]).clamp(min=0)


class Case(nn.Module):
    def __init__(self, thresh: float = 0.5) -> None:
        super().__init__()
        self.thresh = thresh

    def forward(self, dets: torch.Tensor, scores: torch.Tensor):
        areas = box_area(dets)
        order = scores.argsort(descending=True)
        keep = []
        while order.numel() > 0:  # expect: MS204 dynamic
            i = order[0]
            keep.append(i)
            xx1 = torch.maximum(dets[i, 0], dets[order[1:], 0])
            yy1 = torch.maximum(dets[i, 1], dets[order[1:], 1])
            xx2 = torch.minimum(dets[i, 2], dets[order[1:], 2])
            yy2 = torch.minimum(dets[i, 3], dets[order[1:], 3])
            inter = (xx2 - xx1).clamp(min=0) * (yy2 - yy1).clamp(min=0)
            ovr = inter / (areas[i] + areas[order[1:]] - inter)
            inds = torch.where(ovr <= self.thresh)[0]  # expect: MS201 dynamic
            order = order[inds + 1]
        return torch.stack(keep)


def inputs():
    xy = torch.rand(12, 2) * 50
    return torch.cat([xy, xy + 10 + torch.rand(12, 2) * 20], 1), torch.rand(12)
