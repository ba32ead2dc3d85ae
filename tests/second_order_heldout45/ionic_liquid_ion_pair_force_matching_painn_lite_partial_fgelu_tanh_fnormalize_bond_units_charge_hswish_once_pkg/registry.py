"""Name -> callable tables used by the model and the trainer."""
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F


def shifted_softplus(x):
    return F.softplus(x) - 0.6931471805599453


ACTS = {
    "ssp": shifted_softplus,
    "silu": F.silu,
    "gelu_tanh": partial(F.gelu, approximate="tanh"),
}

NORMS = {
    "layer": nn.LayerNorm,
    "none": lambda f: nn.Identity(),
}

LOSSES = {
    "mse": F.mse_loss,
    "smooth_l1": F.smooth_l1_loss,
    "huber": partial(F.huber_loss, delta=0.5),
}


def get(table, key):
    try:
        return table[key]
    except KeyError:
        raise KeyError(f"{key!r} not in {sorted(table)}") from None
