"""DeepONet for physics-informed operator learning: a Conv1d branch net over the sensor values of the
input function and an MLP trunk net over the query point (x, t), combined by a dot product."""
import functools
from dataclasses import dataclass

import torch
import torch.nn as nn

ACTIVATIONS = {
    "tanh": nn.Tanh,
    "silu": nn.SiLU,
    "gelu": functools.partial(nn.GELU, approximate="tanh"),
}


@dataclass
class DeepONetConfig:
    n_sensors: int = 64
    width: int = 64
    depth: int = 3
    p: int = 32
    trunk_activation: str = "tanh"


class BranchNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(1, 16, 5, padding=2),
            nn.ReLU(),
            nn.Conv1d(16, 32, 5, padding=2, stride=2),
            nn.ReLU(),
            nn.AdaptiveAvgPool1d(8),
        )
        self.head = nn.Linear(32 * 8, cfg.p)

    def forward(self, u):
        return self.head(self.features(u.unsqueeze(1)).flatten(1))


class TrunkNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        act = ACTIVATIONS[cfg.trunk_activation]
        dims = [2] + [cfg.width] * cfg.depth
        layers = []
        for a, b in zip(dims[:-1], dims[1:]):
            layers += [nn.Linear(a, b), act()]
        layers.append(nn.Linear(cfg.width, cfg.p))
        self.net = nn.Sequential(*layers)

    def forward(self, y):
        return self.net(y)


class DeepONet(nn.Module):
    """G(u)(y) = sum_k b_k(u) t_k(y) + b0, u: (B, m) sensor values, y: (B, P, 2) query points -> (B, P)."""

    def __init__(self, cfg):
        super().__init__()
        self.branch = BranchNet(cfg)
        self.trunk = TrunkNet(cfg)
        self.b0 = nn.Parameter(torch.zeros(1))

    def forward(self, u, y):
        b = self.branch(u)
        t = self.trunk(y)
        return (b.unsqueeze(1) * t).sum(-1) + self.b0
