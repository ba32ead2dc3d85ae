"""Batch augmentation run on the accelerator before the attack: random rotation via affine_grid /
grid_sample and per-sample brightness."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class RandomRotate(nn.Module):
    def __init__(self, degrees):
        super().__init__()
        self.rad = math.radians(degrees)

    def forward(self, x):
        a = (torch.rand(x.size(0)) * 2 - 1) * self.rad
        cos, sin = torch.cos(a), torch.sin(a)
        theta = torch.stack([torch.stack([cos, -sin, torch.zeros_like(a)], 1),
                             torch.stack([sin, cos, torch.zeros_like(a)], 1)], 1)
        grid = F.affine_grid(theta, list(x.shape), align_corners=False)
        return F.grid_sample(x, grid, padding_mode="border", align_corners=False)


class Brightness(nn.Module):
    def forward(self, x):
        return (x * (0.8 + 0.4 * torch.rand(x.size(0), 1, 1, 1))).clamp(0, 1)


def pipeline(cfg):
    return nn.Sequential(RandomRotate(cfg.rotate_deg), Brightness())
