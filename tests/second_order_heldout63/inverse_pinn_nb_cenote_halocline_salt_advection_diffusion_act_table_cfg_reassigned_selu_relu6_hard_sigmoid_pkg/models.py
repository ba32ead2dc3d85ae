"""Networks for the cenote halocline notebook (salinity fraction c(z, t))."""
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTS = {
    "tanh": nn.Tanh,
    "silu": nn.SiLU,
    "selu": nn.SELU,
    "gelu_tanh": partial(nn.GELU, approximate="tanh"),
    "hardswish": nn.Hardswish,
}


class HaloclineNet(nn.Module):
    def __init__(self, width=32, depth=3, act="tanh"):
        super().__init__()
        layers, d_in = [], 2
        for _ in range(depth):
            layers += [nn.Linear(d_in, width), ACTS[act]()]
            d_in = width
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(width, 1)

    def forward(self, z, t):
        raw = self.head(self.body(torch.cat([z, t], dim=1)))
        # salinity fraction, hard-clipped to [0, 1]: hard sigmoid written by hand, since
        # F.hardsigmoid has no double backward in torch
        return F.relu6(raw + 3.0) / 6.0
