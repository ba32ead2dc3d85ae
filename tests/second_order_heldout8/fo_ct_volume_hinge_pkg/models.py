"""Volumetric critic and generator for 32^3 MRI patches (hinge GAN)."""
from dataclasses import dataclass

import torch.nn as nn
import torch.nn.functional as F


@dataclass
class NetConfig:
    critic: str = "resnet3d"
    width: int = 16
    pool: str = "avg"


class ResBlock3d(nn.Module):
    def __init__(self, cin, cout, pool):
        super().__init__()
        self.c1 = nn.Conv3d(cin, cout, 3, padding=1)
        self.c2 = nn.Conv3d(cout, cout, 3, padding=1)
        self.skip = nn.Conv3d(cin, cout, 1)
        self.pool = nn.AvgPool3d(2) if pool == "avg" else nn.MaxPool3d(2)

    def forward(self, x):
        h = self.c2(F.relu(self.c1(F.relu(x))))
        return self.pool(h) + self.pool(self.skip(x))


class ResNetCritic3d(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        w = cfg.width
        self.body = nn.Sequential(ResBlock3d(1, w, cfg.pool), ResBlock3d(w, 2 * w, cfg.pool),
                                  ResBlock3d(2 * w, 4 * w, cfg.pool))
        self.gap = nn.AdaptiveAvgPool3d(1)
        self.out = nn.Linear(4 * w, 1)

    def forward(self, v):
        return self.out(self.gap(F.relu(self.body(v))).flatten(1))


class UpGenerator3d(nn.Module):
    def __init__(self, cfg, z_dim=32):
        super().__init__()
        w = cfg.width
        self.fc = nn.Linear(z_dim, 4 * w * 4 ** 3)
        self.up = nn.Sequential(
            nn.ConvTranspose3d(4 * w, 2 * w, 4, 2, 1), nn.ReLU(),
            nn.ConvTranspose3d(2 * w, w, 4, 2, 1), nn.ReLU(),
            nn.ConvTranspose3d(w, 1, 4, 2, 1), nn.Tanh())
        self.w = w

    def forward(self, z):
        return self.up(self.fc(z).view(z.size(0), 4 * self.w, 4, 4, 4))


CRITICS = {"resnet3d": ResNetCritic3d}
