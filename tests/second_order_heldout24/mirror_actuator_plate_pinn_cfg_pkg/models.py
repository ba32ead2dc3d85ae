import torch
import torch.nn as nn

from layers import DenseAct


class DeflectionNet(nn.Module):
    """w(x, y): deflection of a deformable telescope mirror under actuator loads."""

    def __init__(self, cfg):
        super().__init__()
        dims = [2] + [cfg.width] * cfg.depth
        self.blocks = nn.ModuleList(DenseAct(a, b, cfg.activation) for a, b in zip(dims[:-1], dims[1:]))
        self.out = nn.Linear(cfg.width, 1)

    def forward(self, xy):
        h = xy
        for blk in self.blocks:
            h = blk(h)
        return self.out(h)
