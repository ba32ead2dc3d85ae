import torch
import torch.nn as nn

from layers import DenseBlock, get_activation


class PolytropePINN(nn.Module):
    """theta(xi) = 1 - xi^2/6 + xi^4 * N(xi): satisfies theta(0)=1, theta'(0)=0 by construction."""

    def __init__(self, cfg):
        super().__init__()
        self.inp = nn.Linear(1, cfg.width)
        self.act_in = get_activation(cfg.activation)
        self.blocks = nn.ModuleList(DenseBlock(cfg.width, cfg.activation) for _ in range(cfg.depth))
        self.out = nn.Linear(cfg.width, 1)
        self.xi_max = cfg.xi_max

    def forward(self, xi):
        h = self.act_in(self.inp(xi / self.xi_max))
        for blk in self.blocks:
            h = blk(h)
        return 1 - xi ** 2 / 6 + xi ** 4 * self.out(h)
