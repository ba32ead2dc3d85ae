"""Negative: max over a dim returns (values, indices) of fixed shape; mentions unique in a name."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, ious):
        best_iou, best_gt = ious.max(dim=0)
        unique_like = best_gt * 0 + best_gt  # just a name
        return best_iou, unique_like


def inputs():
    return (torch.rand(4, 30),)
