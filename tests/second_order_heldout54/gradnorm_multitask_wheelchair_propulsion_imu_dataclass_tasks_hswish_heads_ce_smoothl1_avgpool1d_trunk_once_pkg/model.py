"""Shared 1-D conv trunk ending in one linear layer (GradNorm's shared layer W), one head per task."""
from functools import partial

import torch.nn as nn

ACTS = {
    "hardswish": nn.Hardswish,
    "relu": nn.ReLU,
    "celu": partial(nn.CELU, alpha=0.5),
}


class Trunk(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.convs = nn.Sequential(*[
            nn.Sequential(nn.Conv1d(ci, co, k, padding=k // 2), nn.BatchNorm1d(co), nn.ReLU(), nn.AvgPool1d(2))
            for ci, co, k in cfg.trunk
        ])
        self.shared = nn.Linear(cfg.trunk[-1][1], cfg.shared_dim)

    def forward(self, x):
        return self.shared(self.convs(x).mean(dim=-1))


def make_head(cfg, out_dim):
    act = ACTS[cfg.head_act]
    return nn.Sequential(act(), nn.Linear(cfg.shared_dim, cfg.head_hidden), act(), nn.Linear(cfg.head_hidden, out_dim))


class PropulsionNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.trunk = Trunk(cfg)
        self.heads = nn.ModuleDict({t.name: make_head(cfg, t.out_dim) for t in cfg.tasks})

    def shared_weight(self):
        return self.trunk.shared.weight

    def forward(self, x):
        z = self.trunk(x)
        return {name: head(z) for name, head in self.heads.items()}
