"""DeepFM-style click-through-rate model: factorisation-machine interactions + a deep tower."""
import functools
from dataclasses import dataclass, field

import torch
import torch.nn as nn

ACTIVATIONS = {
    "relu": nn.ReLU,
    "hswish": nn.Hardswish,
    "leaky": functools.partial(nn.LeakyReLU, negative_slope=0.1),
}


@dataclass
class CTRConfig:
    field_dims: tuple = (50, 20, 10, 30)
    embed_dim: int = 8
    hidden: list = field(default_factory=lambda: [64, 32])
    activation: str = "relu"


class DeepFM(nn.Module):
    def __init__(self, cfg: CTRConfig):
        super().__init__()
        self.offsets = torch.tensor([0, *torch.cumsum(torch.tensor(cfg.field_dims), 0)[:-1].tolist()])
        n = sum(cfg.field_dims)
        self.linear = nn.Embedding(n, 1)
        self.embedding = nn.Embedding(n, cfg.embed_dim)
        act = ACTIVATIONS[cfg.activation]
        layers, d = [], len(cfg.field_dims) * cfg.embed_dim
        for h in cfg.hidden:
            layers += [nn.Linear(d, h), act()]
            d = h
        layers.append(nn.Linear(d, 1))
        self.tower = nn.Sequential(*layers)

    def forward(self, fields):
        idx = fields + self.offsets
        e = self.embedding(idx)
        fm = 0.5 * (e.sum(1).pow(2) - e.pow(2).sum(1)).sum(1, keepdim=True)
        return (self.linear(idx).sum(1) + fm + self.tower(e.flatten(1))).squeeze(1)
