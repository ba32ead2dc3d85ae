"""Wearable human-activity recognition models (accelerometer + gyroscope windows, 6 x 128)."""
import functools
from dataclasses import dataclass

import torch
from torch import nn

NORMS = {
    "bn": nn.BatchNorm1d,
    "gn": functools.partial(nn.GroupNorm, 4),
    "none": lambda c: nn.Identity(),
}
ACTS = {
    "relu": nn.ReLU,
    "selu": nn.SELU,
    "tanh": nn.Tanh,
}
MODELS = {}


def register(name):
    def deco(cls):
        MODELS[name] = cls
        return cls
    return deco


@dataclass
class HARConfig:
    channels: int = 6
    width: int = 32
    n_classes: int = 6
    norm: str = "bn"
    act: str = "relu"


class ConvStem(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.conv1 = nn.Conv1d(cfg.channels, cfg.width, 5, padding=2)
        self.norm1 = NORMS[cfg.norm](cfg.width)
        self.conv2 = nn.Conv1d(cfg.width, cfg.width, 5, padding=2)
        self.norm2 = NORMS[cfg.norm](cfg.width)
        self.act = ACTS[cfg.act]()

    def forward(self, x):
        x = self.act(self.norm1(self.conv1(x)))
        return self.act(self.norm2(self.conv2(x)))


@register("tcn")
class HARNet(ConvStem):
    def __init__(self, cfg):
        super().__init__(cfg)
        self.pool = nn.AvgPool1d(4)
        self.fc = nn.Linear(cfg.width * 32, cfg.n_classes)

    def features(self, x):
        return self.pool(super().forward(x)).flatten(1)

    def forward(self, x):
        return self.fc(self.features(x))


class Replica(nn.Module):
    """Single-process stand-in for DistributedDataParallel: the wrapped model is `.module`."""

    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args):
        return self.module(*args)
