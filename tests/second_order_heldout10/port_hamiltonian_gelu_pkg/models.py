"""Hamiltonian networks for learned mechanics (HNN, Greydanus et al. 2019) with a dissipative extension."""
from dataclasses import dataclass
from functools import partial

import torch
from torch import nn

ACTIVATIONS = {
    "tanh": nn.Tanh,
    "gelu_tanh": partial(nn.GELU, approximate="tanh"),
    "hardshrink": nn.Hardshrink,
}

MODELS = {}


def register(name):
    def deco(cls):
        MODELS[name] = cls
        return cls
    return deco


@dataclass
class HNNConfig:
    arch: str = "hnn"
    act: str = "tanh"
    dof: int = 2
    width: int = 64


class MLPEnergy(nn.Module):
    def __init__(self, d_in, width, act_name):
        super().__init__()
        act = ACTIVATIONS[act_name]
        self.net = nn.Sequential(nn.Linear(d_in, width), act(), nn.Linear(width, width), act(),
                                 nn.Linear(width, 1))

    def forward(self, z):
        return self.net(z).squeeze(-1)


class DampingMixin:
    def damping(self, p):
        return torch.nn.functional.softplus(self.log_r) * p


@register("hnn")
class HNN(MLPEnergy):
    def __init__(self, cfg: HNNConfig):
        super().__init__(2 * cfg.dof, cfg.width, cfg.act)

    def forward(self, q, p):
        return super().forward(torch.cat([q, p], dim=-1))


@register("dhnn")
class DissipativeHNN(DampingMixin, HNN):
    def __init__(self, cfg: HNNConfig):
        super().__init__(cfg)
        self.log_r = nn.Parameter(torch.full((cfg.dof,), -2.0))


def build(cfg: HNNConfig) -> nn.Module:
    return MODELS[cfg.arch](cfg)
