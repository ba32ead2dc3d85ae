"""Build the scoring MLP from the declarative layer list in config.NetConfig."""
from functools import partial

import torch.nn as nn

ACT_FACTORY = {
    "relu6": nn.ReLU6,
    "hardshrink": partial(nn.Hardshrink, lambd=0.1),
    "softsign": nn.Softsign,
}

NORM_FACTORY = {"layer": nn.LayerNorm, "batch": nn.BatchNorm1d}


def build_net(n_in, spec):
    mods, d = [], n_in
    for layer in spec:
        kind = layer["type"]
        if kind == "linear":
            mods.append(nn.Linear(d, layer["out"]))
            d = layer["out"]
        elif kind == "norm":
            mods.append(NORM_FACTORY[layer["kind"]](d))
        elif kind == "act":
            mods.append(ACT_FACTORY[layer["name"]]())
        else:
            raise ValueError(f"unknown layer type {kind!r}")
    return nn.Sequential(*mods)
