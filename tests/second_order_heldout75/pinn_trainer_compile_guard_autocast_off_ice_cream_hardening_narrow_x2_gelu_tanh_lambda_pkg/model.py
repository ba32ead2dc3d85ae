import math

import torch
import torch.nn as nn

ACTS = {
    "gelu_tanh": lambda: nn.GELU(approximate="tanh"),
    "tanh": nn.Tanh,
    "softplus": lambda: nn.Softplus(beta=5.0),
}


class HeatPINN(nn.Module):
    """u(x, t): temperature across a pint carton in the hardening tunnel."""

    def __init__(self, cfg):
        super().__init__()
        self.register_buffer("k", math.pi * torch.arange(1, cfg.n_modes + 1).float())
        layers, width_in = [], 2 * cfg.n_modes + 1
        for _ in range(cfg.depth):
            layers += [nn.Linear(width_in, cfg.width), ACTS[cfg.act]()]
            width_in = cfg.width
        self.trunk = nn.Sequential(*layers)
        self.out = nn.Linear(cfg.width, 1)

    def forward(self, xt):
        x = torch.narrow(xt, 1, 0, 1)
        t = torch.narrow(xt, 1, 1, 1)
        feats = torch.cat([torch.sin(self.k * x), torch.cos(self.k * x), t], dim=1)
        return self.out(self.trunk(feats))
