"""Negative: MaxIoU assignment kept dense: masked stores, 3-arg where and gather, no index lists."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, pos_iou_thr: float = 0.5, neg_iou_thr: float = 0.4, num_classes: int = 5) -> None:
        super().__init__()
        self.pos_iou_thr = pos_iou_thr
        self.neg_iou_thr = neg_iou_thr
        self.num_classes = num_classes

    def forward(self, overlaps: torch.Tensor, gt_labels: torch.Tensor):
        max_overlaps, argmax_overlaps = overlaps.max(dim=0)
        assigned = overlaps.new_full((overlaps.size(1),), -1, dtype=torch.long)
        assigned[max_overlaps < self.neg_iou_thr] = 0
        pos = max_overlaps >= self.pos_iou_thr
        assigned = torch.where(pos, argmax_overlaps + 1, assigned)
        labels = gt_labels.gather(0, argmax_overlaps)
        labels = labels.masked_fill(~pos, self.num_classes)
        weights = pos.to(overlaps.dtype)
        return assigned, labels, weights


def inputs():
    return torch.rand(3, 50), torch.tensor([1, 4, 2])
