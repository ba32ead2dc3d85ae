import torch
from torch import nn

ACTIVATIONS = {
    "tanh": nn.Tanh,
    "prelu": nn.PReLU,
    "relu6": nn.ReLU6,
    "silu": nn.SiLU,
}


class SwingNet(nn.Module):
    """Maps time t to the rotor angle delta(t) of one generator bus."""

    def __init__(self, cfg):
        super().__init__()
        act_cls = ACTIVATIONS[cfg.activation]
        layers, width = [], 1
        for _ in range(cfg.depth):
            layers += [nn.Linear(width, cfg.hidden), act_cls()]
            width = cfg.hidden
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(width, 1)

    def rotor_angle(self, t):
        return self.head(self.body(t))

    def forward(self, t):
        return self.rotor_angle(t)
