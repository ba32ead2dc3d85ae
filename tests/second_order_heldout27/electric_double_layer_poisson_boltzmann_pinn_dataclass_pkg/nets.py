import torch
import torch.nn as nn


class Sine(nn.Module):
    def forward(self, x):
        return torch.sin(x)


ACTS = {
    "tanh": nn.Tanh,
    "sine": Sine,
    "elu": nn.ELU,
    "softsign": nn.Softsign,
}


def mlp(width, depth, act):
    layers, d_in = [], 1
    for _ in range(depth):
        layers.append(nn.Linear(d_in, width))
        layers.append(ACTS[act]())
        d_in = width
    layers.append(nn.Linear(d_in, 1))
    return nn.Sequential(*layers)


class PotentialNet(nn.Module):
    """psi(x) = psi_wall * (1 - x/L) + x (L - x) * N(x): the Dirichlet conditions hold exactly."""

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.body = mlp(cfg.width, cfg.depth, cfg.act)

    def forward(self, x):
        L = self.cfg.length
        base = self.cfg.psi_wall * (1 - x / L)
        return base + x * (L - x) * self.body(x / L)
