"""Neural control barrier function h(x) for a quadrotor: state = [position(3), quaternion(4), velocity(3),
body rates(3)]. The safe set is {h >= 0}."""
import functools
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

MODELS = {}
NONLINEARITIES = {"tanh": nn.Tanh, "logsigmoid": nn.LogSigmoid, "softsign": nn.Softsign}


def register_model(fn):
    MODELS[fn.__name__] = fn
    return fn


def unit_quaternion(forward):
    @functools.wraps(forward)
    def wrapped(self, state):
        pos, quat, rest = state[..., :3], state[..., 3:7], state[..., 7:]
        quat = F.normalize(quat, dim=-1)
        return forward(self, torch.cat([pos, quat, rest], dim=-1))
    return wrapped


@dataclass
class BarrierConfig:
    width: int = 128
    depth: int = 3
    nonlinearity: str = "tanh"
    obstacle_radius: float = 0.5


class BarrierNet(nn.Module):
    def __init__(self, cfg: BarrierConfig, state_dim=13):
        super().__init__()
        act = NONLINEARITIES[cfg.nonlinearity]
        layers, d = [], state_dim
        for _ in range(cfg.depth):
            layers += [nn.Linear(d, cfg.width), act()]
            d = cfg.width
        self.mlp = nn.Sequential(*layers, nn.Linear(d, 1))
        self.r = cfg.obstacle_radius

    @unit_quaternion
    def forward(self, state):
        clearance = state[..., :3].pow(2).sum(-1, keepdim=True) - self.r ** 2
        return (clearance + self.mlp(state)).squeeze(-1)


@register_model
def barrier_small(cfg):
    return BarrierNet(cfg)
