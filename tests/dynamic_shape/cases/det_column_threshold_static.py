"""Negative: the same score column thresholded into a multiplicative mask, a 3-arg where and a fixed sort."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, dets: torch.Tensor):
        keep = (dets[:, 4] > 0.25).float()
        scored = dets * keep[:, None]
        ranked = dets[dets[:, 4].argsort(descending=True)]
        clipped = torch.where(dets[:, 4:5] > 0.9, dets, torch.zeros_like(dets))
        return scored, ranked, clipped


def inputs():
    return (torch.rand(20, 6),)
