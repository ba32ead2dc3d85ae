"""Activation registry shared by the surrogate models."""
import functools

import torch
from torch import nn
import torch.nn.functional as F

ACTIVATIONS = {
    "tanh": torch.tanh,
    "sin": torch.sin,
    "elu": functools.partial(F.elu, inplace=False),
    "silu": F.silu,
}


class Act(nn.Module):
    def __init__(self, name):
        super().__init__()
        self.fn = ACTIVATIONS[name]

    def forward(self, x):
        return self.fn(x)
