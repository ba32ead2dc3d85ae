"""MMDet MaxIoUAssigner tail: positive anchor indices via a multi-line torch.nonzero call."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, pos_iou_thr: float = 0.5, neg_iou_thr: float = 0.4) -> None:
        super().__init__()
        self.pos_iou_thr = pos_iou_thr
        self.neg_iou_thr = neg_iou_thr

    def forward(self, overlaps: torch.Tensor, gt_labels: torch.Tensor):
        max_overlaps, argmax_overlaps = overlaps.max(dim=0)
        assigned_gt_inds = overlaps.new_full((overlaps.size(1),), -1, dtype=torch.long)
        assigned_gt_inds[(max_overlaps >= 0) & (max_overlaps < self.neg_iou_thr)] = 0
        pos = max_overlaps >= self.pos_iou_thr
        assigned_gt_inds[pos] = argmax_overlaps[pos] + 1  # expect: MS202 dynamic
        pos_inds = torch.nonzero(  # expect: MS201 dynamic
            assigned_gt_inds > 0, as_tuple=False
        ).squeeze(-1)
        return gt_labels[assigned_gt_inds[pos_inds] - 1]


def inputs():
    return torch.rand(3, 50), torch.tensor([1, 4, 2])
