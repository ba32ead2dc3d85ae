"""Regressors for few-shot regression tasks, chosen from a registry and configured by a dataclass."""
from dataclasses import dataclass

import torch.nn as nn

ACTIVATIONS = {"relu": nn.ReLU, "softsign": nn.Softsign, "relu6": nn.ReLU6, "hardtanh": nn.Hardtanh}


@dataclass
class NetConfig:
    in_dim: int = 1
    hidden: int = 40
    out_dim: int = 1
    act: str = "softsign"


class MetaRegressor(nn.Module):
    def __init__(self, cfg: NetConfig):
        super().__init__()
        self.order = ("fc1", "act1", "fc2", "act2", "head")
        self.layers = nn.ModuleDict({
            "fc1": nn.Linear(cfg.in_dim, cfg.hidden),
            "act1": ACTIVATIONS[cfg.act](),
            "fc2": nn.Linear(cfg.hidden, cfg.hidden),
            "act2": ACTIVATIONS[cfg.act](),
            "head": nn.Linear(cfg.hidden, cfg.out_dim),
        })

    def forward(self, x):
        for name in self.order:
            x = self.layers[name](x)
        return x


class ResidualRegressor(MetaRegressor):
    def __init__(self, cfg: NetConfig):
        super().__init__(cfg)
        self.skip = nn.Linear(cfg.in_dim, cfg.out_dim)

    def forward(self, x):
        return super().forward(x) + self.skip(x)


MODELS = {"mlp": MetaRegressor, "residual": ResidualRegressor}
