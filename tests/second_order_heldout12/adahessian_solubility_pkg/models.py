from dataclasses import dataclass

import torch
import torch.nn as nn

from layers import make_act, make_norm


@dataclass
class ModelConfig:
    n_features: int = 20      # amino-acid composition
    width: int = 32
    norm: str = "layer"
    act: str = "silu"


class ResidualBlock(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        gated = cfg.act == "glu"
        self.fc = nn.Linear(cfg.width, 2 * cfg.width if gated else cfg.width)
        self.act = make_act(cfg.act)
        self.norm = make_norm(cfg.norm, cfg.width)

    def forward(self, h):
        return h + self.norm(self.act(self.fc(h)))


class SolubilityNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Linear(cfg.n_features, cfg.width)
        self.blocks = nn.Sequential(ResidualBlock(cfg), ResidualBlock(cfg))
        self.out = nn.Linear(cfg.width, 1)

    def forward(self, x):
        return self.out(self.blocks(self.embed(x))).squeeze(-1)
