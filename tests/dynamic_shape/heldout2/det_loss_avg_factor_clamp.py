"""Negative: the same loss normalised by clamp(num_pos, min=1) and 3-arg where, no branch on the count."""
import torch
import torch.nn.functional as F
from torch import nn


class Case(nn.Module):
    def forward(self, cls_logits, bbox_pred, labels, bbox_targets):
        pos = labels > 0
        num_pos = pos.sum().clamp(min=1).float()
        cls_loss = F.binary_cross_entropy_with_logits(cls_logits, pos.float(), reduction="sum")
        reg = F.smooth_l1_loss(bbox_pred, bbox_targets, reduction="none").sum(-1)
        reg = torch.where(pos, reg, reg.new_zeros(()))
        return (cls_loss + reg.sum()) / num_pos


def inputs():
    return torch.randn(40), torch.randn(40, 4), torch.randint(0, 3, (40,)), torch.randn(40, 4)
