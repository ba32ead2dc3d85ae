"""Heatmap decoding: ys, xs = torch.where(heat > thr) unpacked from one-argument where."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, heat):
        ys, xs = torch.where(heat > 0.7)  # expect: MS201 dynamic
        return torch.stack([xs, ys], 1).float()


def inputs():
    return (torch.rand(24, 24),)
