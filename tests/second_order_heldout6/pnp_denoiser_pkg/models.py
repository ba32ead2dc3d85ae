"""DnCNN-style residual denoisers for plug-and-play restoration; the non-linearity is chosen by name."""
from dataclasses import dataclass

import torch.nn as nn

ACTIVATIONS = {
    "relu": nn.ReLU,
    "softsign": nn.Softsign,
    "hardshrink": nn.Hardshrink,
    "celu": nn.CELU,
}


@dataclass
class DenoiserConfig:
    channels: int = 1
    features: int = 64
    depth: int = 17
    act: str = "relu"


class ConvAct(nn.Sequential):
    def __init__(self, cin, cout, act_cls, bn=True):
        layers = [nn.Conv2d(cin, cout, 3, padding=1, bias=not bn)]
        if bn:
            layers.append(nn.BatchNorm2d(cout))
        layers.append(act_cls())
        super().__init__(*layers)


class DnCNN(nn.Module):
    def __init__(self, cfg: DenoiserConfig):
        super().__init__()
        act = ACTIVATIONS[cfg.act]
        blocks = [ConvAct(cfg.channels, cfg.features, act, bn=False)]
        blocks += [ConvAct(cfg.features, cfg.features, act) for _ in range(cfg.depth - 2)]
        self.body = nn.Sequential(*blocks)
        self.tail = nn.Conv2d(cfg.features, cfg.channels, 3, padding=1)

    def forward(self, y):
        return y - self.tail(self.body(y))
