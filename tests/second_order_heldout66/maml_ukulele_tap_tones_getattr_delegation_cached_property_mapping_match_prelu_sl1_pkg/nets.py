"""Networks: a tap-tone regressor (bracing-state features -> mode frequencies) and a frozen geometry encoder."""
from __future__ import annotations

from itertools import pairwise

import torch
import torch.nn as nn

from config import MetaConfig


class GeometryEncoder(nn.Module):
    """Pre-trained on the luthier's build sheets; used frozen to give a per-instrument context."""

    def __init__(self, cfg: MetaConfig):
        super().__init__()
        self.proj = nn.Linear(cfg.geometry_dim, 16)
        self.act = nn.PReLU(16)
        self.out = nn.Linear(16, cfg.context_dim)

    def forward(self, geom):
        return self.out(self.act(self.proj(geom)))


class TapToneRegressor(nn.Module):
    def __init__(self, cfg: MetaConfig):
        super().__init__()
        dims = [3 + cfg.context_dim, *cfg.hidden]
        layers: list[nn.Module] = []
        for a, b in pairwise(dims):
            layers += [nn.Linear(a, b), nn.LayerNorm(b), nn.PReLU(b)]
        self.trunk = nn.Sequential(*layers)
        self.head = nn.Linear(dims[-1], cfg.n_modes)

    def forward(self, shaving, context):
        h = torch.cat([shaving, context.expand(shaving.size(0), -1)], dim=1)
        return self.head(self.trunk(h))
