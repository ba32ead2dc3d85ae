"""Layer registries shared by the protein-solubility models."""
import functools

import torch.nn as nn

NORM_LAYERS = {
    "layer": nn.LayerNorm,
    "group": functools.partial(nn.GroupNorm, 4),
    "none": lambda c: nn.Identity(),
}

ACTIVATIONS = {
    "silu": nn.SiLU,
    "glu": lambda: nn.GLU(dim=1),
    "tanh": nn.Tanh,
}


def make_norm(kind, channels):
    return NORM_LAYERS[kind](channels)


def make_act(kind):
    return ACTIVATIONS[kind]()
