"""Negative: the same anchor points with h, w read from the feature map's shape (static under export)."""
import torch
from torch import nn


class Case(nn.Module):
    strides = (8, 16)

    def forward(self, p3: torch.Tensor, p4: torch.Tensor):
        all_points = []
        for feat, stride in zip((p3, p4), self.strides):
            h, w = feat.shape[-2:]
            shift_x = torch.arange(0, w * stride, step=stride, dtype=torch.float32)
            shift_y = torch.arange(0, h * stride, step=stride, dtype=torch.float32)
            yy, xx = torch.meshgrid(shift_y, shift_x, indexing="ij")
            all_points.append(torch.stack((xx.reshape(-1), yy.reshape(-1)), dim=-1) + stride // 2)
        return torch.cat(all_points)


def inputs():
    return torch.randn(1, 4, 8, 10), torch.randn(1, 4, 4, 5)
