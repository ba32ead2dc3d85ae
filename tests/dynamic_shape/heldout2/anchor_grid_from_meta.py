"""YOLO/FCOS anchor points where the feature size comes from an image-size tensor, not the feature map."""
import torch
from torch import nn


class Case(nn.Module):
    stride = 8

    def forward(self, feats: torch.Tensor, img_hw: torch.Tensor):
        h, w = (img_hw // self.stride).tolist()
        ys, xs = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")  # expect: MS203 dynamic
        points = torch.stack((xs, ys), -1).reshape(-1, 2).float() * self.stride + self.stride // 2
        return points, feats.flatten(2).transpose(1, 2)


def inputs():
    return torch.randn(1, 4, 8, 10), torch.tensor([64, 80])
