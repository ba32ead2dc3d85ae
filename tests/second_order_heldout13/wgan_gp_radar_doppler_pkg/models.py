"""Critics and generator for range-Doppler radar maps (1 x 32 x 32), selected through a registry."""
import functools
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

CRITICS = {}

NORMS = {
    "gn": functools.partial(nn.GroupNorm, 4),
    "bn": nn.BatchNorm2d,
    "none": lambda ch: nn.Identity(),
}


def register_critic(name):
    def deco(cls):
        CRITICS[name] = cls
        return cls
    return deco


@dataclass
class CriticConfig:
    width: int = 32
    norm: str = "none"
    n_bands: int = 4


class ScoreMixin:
    def score(self, x):
        out = self(x)
        return out["range"] + out["doppler"]


class ConvTrunk(nn.Module):
    def __init__(self, cfg: CriticConfig):
        super().__init__()
        w = cfg.width
        self.c1 = nn.Conv2d(1, w, 3, padding=1)
        self.n1 = NORMS[cfg.norm](w)
        self.c2 = nn.Conv2d(w, w, 3, padding=1)
        self.n2 = NORMS[cfg.norm](w)

    def forward(self, x):
        h = F.leaky_relu(self.n1(self.c1(x)), 0.2)
        return F.leaky_relu(self.n2(self.c2(h)), 0.2)


@register_critic("doppler")
class DopplerCritic(ScoreMixin, ConvTrunk):
    def __init__(self, cfg: CriticConfig):
        super().__init__(cfg)
        self.register_buffer("band_weights", torch.linspace(1.0, 2.0, cfg.n_bands))
        self.heads = nn.ModuleDict({
            "range": nn.Sequential(nn.Linear(cfg.width, 16), nn.Hardswish(), nn.Linear(16, 1)),
            "doppler": nn.Linear(cfg.width, 1),
        })

    def forward(self, x):
        h = super().forward(x)
        h = F.avg_pool2d(h, 4)
        bands = h.mean(-1)
        w = F.normalize(self.band_weights, dim=0)
        pooled = (bands[..., : w.numel()] * w).sum(-1)
        return {k: head(pooled).squeeze(-1) for k, head in self.heads.items()}


class RadarGenerator(nn.Module):
    def __init__(self, z_dim=32, w=32):
        super().__init__()
        self.fc = nn.Linear(z_dim, w * 8 * 8)
        self.body = nn.Sequential(nn.Upsample(scale_factor=4, mode="bilinear"), nn.Conv2d(w, 1, 3, padding=1))
        self.w = w

    def forward(self, z):
        return torch.tanh(self.body(self.fc(z).view(-1, self.w, 8, 8)))


class Replicated(nn.Module):
    """Stand-in for DistributedDataParallel: keeps the wrapped network as `.module`."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)
