"""Layer builders: each spec entry is (kind, *args) and maps to a callable that returns a module."""
from functools import partial

import torch.nn as nn

ACTS = {
    "prelu": nn.PReLU,
    "softsign": nn.Softsign,
    "relu": nn.ReLU,
}
POOLS = {
    "lp": partial(nn.LPPool1d, 2, 2),
    "max": partial(nn.MaxPool1d, 2),
    "none": nn.Identity,
}
NORMS = {
    "gn": lambda c: nn.GroupNorm(4, c),
    "none": lambda c: nn.Identity(),
}
BUILDERS = {
    "conv": lambda c_in, c_out, k: nn.Conv1d(c_in, c_out, k, padding=k // 2),
    "act": lambda name: ACTS[name](),
    "pool": lambda name: POOLS[name](),
    "flatten": nn.Flatten,
}


def make_layer(entry):
    kind, *args = entry
    return BUILDERS[kind](*args)


def conv_channels(spec):
    return [e[2] for e in spec if e[0] == "conv"]
