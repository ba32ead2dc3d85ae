"""Panoptic post-processing: segment ids with their pixel areas via unique(return_counts), small ones dropped."""
import torch
from torch import nn


class Case(nn.Module):
    min_area = 4

    def forward(self, mask_logits: torch.Tensor):
        panoptic_seg = mask_logits.argmax(0)
        ids, areas = panoptic_seg.unique(return_counts=True)  # expect: MS201 dynamic
        return ids[areas >= self.min_area]  # expect: MS202 dynamic


def inputs():
    return (torch.randn(6, 16, 16),)
