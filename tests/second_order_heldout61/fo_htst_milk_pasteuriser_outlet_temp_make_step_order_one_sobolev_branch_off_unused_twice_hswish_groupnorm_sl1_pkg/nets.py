"""Outlet-temperature network T(t, flow, steam pressure, inlet temp)."""
from functools import partial

import torch
import torch.nn as nn

ACTS = {"hswish": nn.Hardswish, "selu": nn.SELU, "tanh": nn.Tanh}
NORMS = {"group": partial(nn.GroupNorm, 4), "none": lambda c: nn.Identity()}


class OutletTempNet(nn.Module):
    def __init__(self, widths, act, norm, d_in=4):
        super().__init__()
        dims = (d_in, *widths)
        make = lambda a, b: (nn.Linear(a, b), NORMS[norm](b), ACTS[act]())
        self.body = nn.Sequential(*[m for a, b in zip(dims, dims[1:]) for m in make(a, b)])
        self.head = nn.Linear(dims[-1], 1)

    def forward(self, t, u):
        return 60.0 + 15.0 * self.head(self.body(torch.cat([t, u], dim=-1))).squeeze(-1)
