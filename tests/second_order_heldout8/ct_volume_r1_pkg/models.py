"""3-D generator / discriminator for 64^3 low-dose CT patches."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

DISCRIMINATORS = {}


def register(name):
    def deco(cls):
        DISCRIMINATORS[name] = cls
        return cls
    return deco


@dataclass
class DiscConfig:
    arch: str = "plain"
    base: int = 16
    downsample: str = "max"       # "max" or "avg"
    n_organs: int = 4


def down_layer(kind):
    if kind == "avg":
        return nn.AvgPool3d(2)
    return nn.MaxPool3d(2)


class DBlock3d(nn.Module):
    def __init__(self, cin, cout, downsample):
        super().__init__()
        self.conv1 = nn.Conv3d(cin, cout, 3, padding=1)
        self.conv2 = nn.Conv3d(cout, cout, 3, padding=1)
        self.down = down_layer(downsample)

    def forward(self, x):
        x = F.leaky_relu(self.conv1(x), 0.2)
        x = F.leaky_relu(self.conv2(x), 0.2)
        return self.down(x)


@register("plain")
class VolumeDiscriminator(nn.Module):
    def __init__(self, cfg: DiscConfig):
        super().__init__()
        chans = [1, cfg.base, cfg.base * 2, cfg.base * 4]
        self.blocks = nn.Sequential(*[DBlock3d(a, b, cfg.downsample) for a, b in zip(chans[:-1], chans[1:])])
        self.pool = nn.AdaptiveAvgPool3d(1)
        self.fc = nn.Linear(chans[-1], 1)

    def features(self, vol):
        return self.pool(self.blocks(vol)).flatten(1)

    def forward(self, vol, organ=None):
        return self.fc(self.features(vol))


@register("projection")
class ProjectionDiscriminator(VolumeDiscriminator):
    def __init__(self, cfg: DiscConfig):
        super().__init__(cfg)
        self.heads = nn.ModuleDict({
            "organ": nn.Embedding(cfg.n_organs, cfg.base * 4),
            "dose": nn.Linear(cfg.base * 4, 1),
        })

    def forward(self, vol, organ=None):
        logit = super().forward(vol)
        if organ is None:
            return logit
        h = self.features(vol)
        return logit + (self.heads["organ"](organ) * h).sum(1, keepdim=True)


class Generator3d(nn.Module):
    def __init__(self, z_dim=64, base=16):
        super().__init__()
        self.fc = nn.Linear(z_dim, base * 4 * 8 ** 3)
        self.net = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="trilinear"), nn.Conv3d(base * 4, base * 2, 3, padding=1), nn.ReLU(),
            nn.Upsample(scale_factor=2, mode="trilinear"), nn.Conv3d(base * 2, base, 3, padding=1), nn.ReLU(),
            nn.Upsample(scale_factor=2, mode="trilinear"), nn.Conv3d(base, 1, 3, padding=1), nn.Tanh(),
        )
        self.base = base

    def forward(self, z):
        return self.net(self.fc(z).view(-1, self.base * 4, 8, 8, 8))
