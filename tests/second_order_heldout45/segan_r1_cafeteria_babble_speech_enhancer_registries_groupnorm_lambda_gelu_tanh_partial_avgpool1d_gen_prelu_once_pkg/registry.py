"""String-keyed factories shared by the models and the losses."""
from functools import partial

import torch.nn as nn

NORMS = {
    "group": lambda c: nn.GroupNorm(4, c),
    "batch": lambda c: nn.BatchNorm1d(c),
    "none": lambda c: nn.Identity(),
}

ACTS = {
    "leaky": partial(nn.LeakyReLU, 0.2),
    "gelu_tanh": partial(nn.GELU, approximate="tanh"),
    "hswish": nn.Hardswish,
}

PENALTIES = {}


def register_penalty(name):
    def deco(fn):
        PENALTIES[name] = fn
        return fn
    return deco


def build_norm(name, channels):
    if name not in NORMS:
        raise KeyError(f"unknown norm {name!r}; choose from {sorted(NORMS)}")
    return NORMS[name](channels)


def build_act(name):
    return ACTS[name]()
