"""Negative: per-class areas from one_hot(num_classes) sums; classes absent from the image get zero weight."""
import torch
import torch.nn.functional as F
from torch import nn


class Case(nn.Module):
    num_classes = 6

    def forward(self, mask_logits: torch.Tensor):
        seg = mask_logits.argmax(1)
        onehot = F.one_hot(seg, num_classes=self.num_classes).permute(0, 3, 1, 2).float()
        areas = onehot.sum((2, 3))
        present = (areas > 0).float()
        class_weight = present / present.sum(1, keepdim=True)
        probs = mask_logits.softmax(1)
        return (probs.mean((2, 3)) * class_weight).sum(1), areas


def inputs():
    return (torch.randn(2, 6, 16, 16),)
