"""Detection loss with the usual guard: if no anchor is positive, return a zero that keeps the graph."""
import torch
import torch.nn.functional as F
from torch import nn


class Case(nn.Module):
    def forward(self, cls_logits, bbox_pred, labels, bbox_targets):
        pos = labels > 0
        cls_loss = F.binary_cross_entropy_with_logits(cls_logits, pos.float(), reduction="sum")
        if pos.sum() == 0:  # expect: MS204 dynamic
            return cls_loss + bbox_pred.sum() * 0
        reg = F.smooth_l1_loss(bbox_pred, bbox_targets, reduction="none").sum(-1)
        return (cls_loss + (reg * pos).sum()) / pos.sum()


def inputs():
    return torch.randn(40), torch.randn(40, 4), torch.randint(0, 3, (40,)), torch.randn(40, 4)
