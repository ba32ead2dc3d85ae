import torch
import torch.nn as nn

from layers import Dense


class PressureNet(nn.Module):
    """p(r, z): pore pressure in a cylindrical coffee puck (axisymmetric)."""

    def __init__(self, cfg):
        super().__init__()
        dims = [2] + [cfg.width] * cfg.depth
        self.body = nn.ModuleList(Dense(a, b, cfg.activation) for a, b in zip(dims[:-1], dims[1:]))
        self.out = nn.Linear(cfg.width, 1)

    def forward(self, rz):
        h = rz
        for layer in self.body:
            h = layer(h)
        return self.out(h)
