"""Keyword-spotting backbones on MFCC frames (N, n_mfcc, T); built through a registry from a config."""
from dataclasses import dataclass

import torch.nn as nn


@dataclass
class KWSConfig:
    backbone: str = "tcn"
    n_mfcc: int = 40
    n_classes: int = 12
    width: int = 64
    pool: str = "max"


GLOBAL_POOL = {"max": nn.AdaptiveMaxPool1d, "avg": nn.AdaptiveAvgPool1d}
BACKBONES = {}


def register(name):
    def deco(cls):
        BACKBONES[name] = cls
        return cls
    return deco


class DepthwiseSeparable(nn.Sequential):
    def __init__(self, c, k=9):
        super().__init__(nn.Conv1d(c, c, k, padding=k // 2, groups=c, bias=False), nn.BatchNorm1d(c), nn.ReLU(),
                         nn.Conv1d(c, c, 1, bias=False), nn.BatchNorm1d(c), nn.ReLU())


@register("dscnn")
class DSCNN(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv1d(cfg.n_mfcc, cfg.width, 3, padding=1), nn.BatchNorm1d(cfg.width), nn.ReLU())
        self.blocks = nn.Sequential(*[DepthwiseSeparable(cfg.width) for _ in range(4)])
        self.pool = GLOBAL_POOL[cfg.pool](1)
        self.fc = nn.Linear(cfg.width, cfg.n_classes)

    def forward(self, x):
        h = self.blocks(self.stem(x))
        return self.fc(self.pool(h).flatten(1))


class TemporalBlock(nn.Module):
    def __init__(self, c, dilation):
        super().__init__()
        self.conv = nn.Conv1d(c, c, 3, padding=dilation, dilation=dilation)
        self.act = nn.PReLU(c)
        self.norm = nn.BatchNorm1d(c)

    def forward(self, x):
        return x + self.norm(self.act(self.conv(x)))


@register("tcn")
class TCN(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.inp = nn.Conv1d(cfg.n_mfcc, cfg.width, 1)
        self.tcn = nn.Sequential(*[TemporalBlock(cfg.width, 2 ** i) for i in range(5)])
        self.pool = GLOBAL_POOL[cfg.pool](1)
        self.fc = nn.Linear(cfg.width, cfg.n_classes)

    def forward(self, x):
        return self.fc(self.pool(self.tcn(self.inp(x))).flatten(1))


def build_model(cfg: KWSConfig) -> nn.Module:
    return BACKBONES[cfg.backbone](cfg)
