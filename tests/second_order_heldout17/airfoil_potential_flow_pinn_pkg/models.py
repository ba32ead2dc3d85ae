import torch
import torch.nn as nn

ACTIVATIONS = {
    "tanh": nn.Tanh,
    "silu": nn.SiLU,
    "elu": nn.ELU,
    "hardswish": nn.Hardswish,
}


class StreamFunctionNet(nn.Module):
    """psi(x, y); the velocity is (d psi/dy, -d psi/dx)."""

    def __init__(self, cfg):
        super().__init__()
        act = ACTIVATIONS[cfg.activation]
        layers, d = [], 2
        for _ in range(cfg.depth):
            layers += [nn.Linear(d, cfg.width), act()]
            d = cfg.width
        layers.append(nn.Linear(d, 1))
        self.body = nn.Sequential(*layers)

    def stream(self, xy):
        return self.body(xy)

    def forward(self, xy):
        return self.stream(xy)
