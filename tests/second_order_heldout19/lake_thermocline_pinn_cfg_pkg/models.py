import torch
import torch.nn as nn

ACTIVATIONS = {
    "tanh": nn.Tanh,
    "prelu": nn.PReLU,
    "hswish": nn.Hardswish,
    "silu": nn.SiLU,
}


class ProfileNet(nn.Module):
    """T(z, t): water temperature at depth z and time t."""

    def __init__(self, cfg):
        super().__init__()
        act = ACTIVATIONS[cfg.activation]
        layers, d_in = [], 2
        for _ in range(cfg.depth):
            layers += [nn.Linear(d_in, cfg.width), act()]
            d_in = cfg.width
        layers.append(nn.Linear(d_in, 1))
        self.mlp = nn.Sequential(*layers)

    def temperature(self, z, t):
        return self.mlp(torch.cat([z, t], dim=-1))

    def forward(self, zt):
        return self.mlp(zt)
