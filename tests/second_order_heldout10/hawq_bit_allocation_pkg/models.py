from dataclasses import dataclass
from functools import partial

import torch.nn as nn

NORMS = {
    "batch": nn.BatchNorm2d,
    "group": partial(nn.GroupNorm, 4),
}
POOLS = {
    "avg": lambda: nn.AvgPool2d(2),
    "max": lambda: nn.MaxPool2d(2),
}


@dataclass
class NetConfig:
    widths: tuple = (16, 32, 64)
    norm: str = "batch"
    pool: str = "max"
    tasks: tuple = ("scene",)
    n_classes: int = 10


class ConvUnit(nn.Sequential):
    def __init__(self, cin, cout, norm, pool):
        super().__init__(nn.Conv2d(cin, cout, 3, padding=1, bias=False), NORMS[norm](cout), nn.ReLU(), POOLS[pool]())


class MultiTaskNet(nn.Module):
    def __init__(self, cfg: NetConfig):
        super().__init__()
        chans = (3,) + tuple(cfg.widths)
        self.trunk = nn.Sequential(*[ConvUnit(a, b, cfg.norm, cfg.pool) for a, b in zip(chans[:-1], chans[1:])])
        self.heads = nn.ModuleDict({t: nn.Linear(chans[-1], cfg.n_classes) for t in cfg.tasks})

    def forward(self, x, task):
        return self.heads[task](self.trunk(x).flatten(2).mean(-1))
