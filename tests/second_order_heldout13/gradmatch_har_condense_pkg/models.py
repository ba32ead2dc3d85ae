"""Temporal conv nets for human-activity windows (accelerometer + gyroscope), built from a config."""
from dataclasses import dataclass

import torch.nn as nn

ACTS = {
    "relu": nn.ReLU,
    "relu6": nn.ReLU6,
    "silu": nn.SiLU,
}

POOLS = {
    "avg": lambda: nn.AdaptiveAvgPool1d(1),
    "max": lambda: nn.AdaptiveMaxPool1d(1),
}


@dataclass
class TCNConfig:
    in_ch: int = 6
    width: int = 32
    depth: int = 2
    n_classes: int = 6
    act: str = "relu"
    pool: str = "max"


def make_tcn(cfg: TCNConfig) -> nn.Module:
    layers, c = [], cfg.in_ch
    for i in range(cfg.depth):
        layers += [nn.Conv1d(c, cfg.width, 5, padding=2 * 2 ** i, dilation=2 ** i), ACTS[cfg.act]()]
        c = cfg.width
    layers += [POOLS[cfg.pool](), nn.Flatten(), nn.Linear(c, cfg.n_classes)]
    return nn.Sequential(*layers)
