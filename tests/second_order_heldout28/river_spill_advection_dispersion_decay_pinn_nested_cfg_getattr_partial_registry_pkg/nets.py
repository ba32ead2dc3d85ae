from collections import OrderedDict
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {
    "tanh": nn.Tanh,
    "gelu_tanh": partial(nn.GELU, approximate="tanh"),
    "silu": nn.SiLU,
    "hardswish": nn.Hardswish,
}


def make_activation(cfg):
    return ACTIVATIONS[getattr(cfg.model, "activation", "tanh")]()


def build_mlp(cfg, in_dim=2):
    width, depth = cfg.model.width, cfg.model.depth
    layers = OrderedDict()
    dim = in_dim
    for i in range(depth):
        layers[f"fc{i}"] = nn.Linear(dim, width)
        if getattr(cfg.model, "layer_norm", False):
            layers[f"ln{i}"] = nn.LayerNorm(width)
        layers[f"act{i}"] = make_activation(cfg)
        dim = width
    layers["out"] = nn.Linear(dim, 1)
    return nn.Sequential(layers)


class ConcentrationNet(nn.Module):
    """c(x, t) >= 0 for a 1-D river reach, x in [0, 1] (downstream), t in [0, 1]."""

    def __init__(self, cfg):
        super().__init__()
        self.mlp = build_mlp(cfg)

    def forward(self, x, t):
        return F.softplus(self.mlp(torch.cat([x, t], dim=1)))
