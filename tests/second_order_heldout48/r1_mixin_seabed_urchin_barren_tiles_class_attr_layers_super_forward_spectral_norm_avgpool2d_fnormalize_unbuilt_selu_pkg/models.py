"""Critic and generator for 16x16 drone tiles of sea-urchin barrens vs. kelp cover."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import spectral_norm


class CriticBase(nn.Module):
    """Conv trunk assembled from class attributes, so a subclass only changes the recipe."""
    WIDTHS = (3, 16, 32, 64)
    ACT = nn.LeakyReLU
    ACT_KW = {"negative_slope": 0.2}
    POOL = nn.AvgPool2d
    USE_SN = True

    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList()
        for cin, cout in zip(self.WIDTHS[:-1], self.WIDTHS[1:]):
            conv = nn.Conv2d(cin, cout, 3, padding=1)
            if self.USE_SN:
                conv = spectral_norm(conv)
            self.stages.append(nn.Sequential(conv, self.ACT(**self.ACT_KW), self.POOL(2)))
        self.out_dim = self.WIDTHS[-1]

    def forward(self, x):
        h = x
        for stage in self.stages:
            h = stage(h)
        return h.mean(dim=(2, 3))


class UrchinCritic(CriticBase):
    """Cosine-style head on L2-normalised trunk features plus a rotation head for the aux task."""

    def __init__(self, n_rot=4):
        super().__init__()
        self.proj = spectral_norm(nn.Linear(self.out_dim, 1))
        self._aux = nn.Sequential(nn.Linear(self.out_dim, 32), nn.Hardswish(), nn.Linear(32, n_rot))

    @property
    def aux_head(self):
        return self._aux

    def features(self, x):
        return super().forward(x)

    def forward(self, x):
        h = super().forward(x)
        h = F.normalize(h, dim=1) * self.out_dim ** 0.5
        return self.proj(h).squeeze(1)


class ResidualCritic(CriticBase):
    """Wider SELU variant from the first survey season; kept for reference, train.py does not build it."""
    WIDTHS = (3, 32, 64, 128)
    ACT = nn.SELU
    ACT_KW = {}
    POOL = nn.MaxPool2d

    def __init__(self):
        super().__init__()
        self.skip = nn.Sequential(nn.AvgPool2d(8), nn.Conv2d(3, self.out_dim, 1))
        self.proj = nn.Linear(self.out_dim, 1)

    def forward(self, x):
        h = super().forward(x) + self.skip(x).flatten(1)
        return self.proj(h).squeeze(1)


class Generator(nn.Module):
    def __init__(self, latent_dim, size):
        super().__init__()
        self.base = size // 4
        self.fc = nn.Linear(latent_dim, 64 * self.base * self.base)
        self.body = nn.Sequential(
            nn.Upsample(scale_factor=2), nn.Conv2d(64, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
            nn.Upsample(scale_factor=2), nn.Conv2d(32, 3, 3, padding=1), nn.Tanh(),
        )

    @classmethod
    def from_config(cls, cfg):
        return cls(cfg.latent_dim, cfg.image_size)

    def forward(self, z):
        return self.body(self.fc(z).view(z.size(0), 64, self.base, self.base))
