"""Small CNNs for noisy-label CIFAR; layer types come from the experiment config."""
from dataclasses import dataclass
from functools import partial

import torch.nn as nn

ACTIVATIONS = {"relu": nn.ReLU, "hardtanh": partial(nn.Hardtanh, -2.0, 2.0), "silu": nn.SiLU}
POOLS = {"max": partial(nn.MaxPool2d, 2), "avg": partial(nn.AvgPool2d, 2), "none": nn.Identity}


@dataclass
class NetConfig:
    arch: str = "lenet"
    act: str = "relu"
    pool: str = "max"
    width: int = 32
    n_classes: int = 10


class ConvUnit(nn.Sequential):
    def __init__(self, cin, cout, cfg):
        super().__init__(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), ACTIVATIONS[cfg.act](),
                         POOLS[cfg.pool]())


class LeNetish(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        w = cfg.width
        self.features = nn.Sequential(ConvUnit(3, w, cfg), ConvUnit(w, 2 * w, cfg), ConvUnit(2 * w, 4 * w, cfg))
        self.classifier = nn.Linear(4 * w * 4 * 4, cfg.n_classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


class MLPNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.net = nn.Sequential(nn.Flatten(), nn.Linear(3 * 32 * 32, 256), ACTIVATIONS[cfg.act](),
                                 nn.Linear(256, cfg.n_classes))

    def forward(self, x):
        return self.net(x)


MODELS = {"lenet": LeNetish, "mlp": MLPNet}


def create(cfg):
    return MODELS[cfg.arch](cfg)
