import torch
import torch.nn as nn

ACTIVATIONS = {
    "tanh": nn.Tanh,
    "relu6": nn.ReLU6,
    "hswish": nn.Hardswish,
    "selu": nn.SELU,
}


def mlp(sizes, act_name):
    act_cls = ACTIVATIONS[act_name]
    layers = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        layers.append(nn.Linear(a, b))
        layers.append(act_cls())
    return nn.Sequential(*layers)


class KilnDeepONet(nn.Module):
    """u(f)(x, t): wall temperature for a firing schedule f sampled at n_sensors times."""

    def __init__(self, cfg):
        super().__init__()
        self.branch = nn.Sequential(
            nn.Linear(cfg.n_sensors, cfg.width),
            nn.GELU(approximate="tanh"),
            nn.Linear(cfg.width, cfg.width),
        )
        self.trunk = mlp([2, cfg.width, cfg.width], cfg.act)
        self.b0 = nn.Parameter(torch.zeros(1))

    def forward(self, schedule, xt):
        return (self.branch(schedule) * self.trunk(xt)).sum(-1, keepdim=True) + self.b0
