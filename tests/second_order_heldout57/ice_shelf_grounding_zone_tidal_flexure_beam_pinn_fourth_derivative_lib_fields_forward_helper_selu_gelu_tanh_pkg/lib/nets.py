"""Flexure network: w(x, t) of an ice shelf seaward of its grounding line."""
from functools import partial

import torch
import torch.nn as nn

from .fields import mlp_field

Dense = partial(nn.Linear, dtype=torch.float64)

# semidiurnal M2, S2 and diurnal K1, O1 (cycles per day)
TIDAL_FREQS = (1.9323, 2.0000, 1.0027, 0.9295)


class FlexureNet(nn.Module):
    def __init__(self, width=32, depth=3, freqs=TIDAL_FREQS):
        super().__init__()
        dims = [2 + 2 * len(freqs)] + [width] * depth
        self.layers = nn.ModuleList([Dense(a, b) for a, b in zip(dims[:-1], dims[1:])])
        self.act = nn.SELU()
        self.out = Dense(width, 1)
        self.register_buffer("tidal_freqs", torch.tensor(freqs, dtype=torch.float64))

    @classmethod
    def from_config(cls, cfg):
        return cls(width=cfg["width"], depth=cfg["depth"])

    def forward(self, x, t):
        return mlp_field(self, x, t)
