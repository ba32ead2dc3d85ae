"""Segmentation OHEM: threshold from a sorted loss at a fixed rank (static), then a masked mean."""
import torch
import torch.nn.functional as fn
from torch import nn


class Case(nn.Module):
    def __init__(self, min_kept: int = 100) -> None:
        super().__init__()
        self.min_kept = min_kept

    def forward(self, logits, target):
        pixel_loss = fn.cross_entropy(logits, target, reduction="none").flatten()
        sorted_loss = pixel_loss.sort(descending=True).values
        kth = min(self.min_kept, sorted_loss.numel() - 1)
        threshold = torch.clamp(sorted_loss[kth], max=0.7)
        hard = pixel_loss[pixel_loss >= threshold]  # expect: MS202 dynamic
        return hard.mean()


def inputs():
    return torch.randn(2, 5, 16, 16), torch.randint(0, 5, (2, 16, 16))
