"""Generator and discriminator. Blocks are built by helpers that forward *args / **kwargs to the conv layer."""
from __future__ import annotations

from typing import Protocol

import torch
import torch.nn as nn

from regularizers import watch_inputs


class Scorer(Protocol):
    def __call__(self, images: torch.Tensor, *args, **kwargs): ...


def conv_block(*args, groups: int = 4, slope: float = 0.2, **kwargs) -> nn.Sequential:
    out_ch = args[1] if len(args) > 1 else kwargs["out_channels"]
    return nn.Sequential(
        nn.Conv2d(*args, **kwargs),
        nn.GroupNorm(groups, out_ch),
        nn.LeakyReLU(slope),
    )


class UpBlock(nn.Module):
    def __init__(self, in_ch, out_ch, groups):
        super().__init__()
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.conv = nn.Conv2d(in_ch, out_ch, 3, padding=1)
        self.norm = nn.GroupNorm(groups, out_ch)

    def forward(self, x):
        return torch.relu(self.norm(self.conv(self.up(x))))


class PatchGenerator(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.base = s.base
        self.fc = nn.Linear(s.z_dim, s.base * 4 * 4)
        self.blocks = nn.Sequential(UpBlock(s.base, s.base, s.norm_groups), UpBlock(s.base, s.base // 2, s.norm_groups))
        self.to_img = nn.Conv2d(s.base // 2, 1, 3, padding=1)

    def forward(self, z):
        h = self.fc(z).view(-1, self.base, 4, 4)
        return torch.tanh(self.to_img(self.blocks(h)))


class PatchDiscriminator(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.stem = conv_block(1, s.base, 3, padding=1, groups=s.norm_groups)
        self.mid = conv_block(s.base, s.base * 2, 3, padding=1, groups=s.norm_groups)
        self.pool = nn.AvgPool2d(2)
        self.head = nn.Linear(s.base * 2 * (s.image // 4) ** 2, 1)

    @watch_inputs
    def forward(self, images, *, return_features: bool = False):
        h = self.pool(self.stem(images))
        h = self.pool(self.mid(h))
        out = self.head(h.flatten(1))
        return (out, h) if return_features else out
