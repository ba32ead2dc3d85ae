"""Regressors for the bearing wear index, registered by name."""
import torch.nn as nn
import torch.nn.functional as F

MODELS = {}


def register(name):
    def deco(cls):
        MODELS[name] = cls
        return cls
    return deco


@register("gated_mlp")
class GatedMLP(nn.Module):
    def __init__(self, in_features, hidden, act):
        super().__init__()
        self.inp = nn.Linear(in_features, 2 * hidden)
        self.gate = nn.GLU(dim=-1)
        self.mid = nn.Linear(hidden, hidden)
        self.act = getattr(F, act)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.gate(self.inp(x))
        h = self.act(self.mid(h))
        return self.out(h).squeeze(-1)


@register("res_mlp")
class ResMLP(nn.Module):
    def __init__(self, in_features, hidden, act=None):
        super().__init__()
        self.inp = nn.Linear(in_features, hidden)
        self.block = nn.Sequential(nn.LayerNorm(hidden), nn.Linear(hidden, hidden), nn.ELU())
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.inp(x)
        return self.out(h + self.block(h)).squeeze(-1)


def build(cfg, in_features):
    return MODELS[cfg["name"]](in_features, **cfg["kwargs"])
