import torch
import torch.nn as nn

ACTIVATIONS = {
    "tanh": nn.Tanh,
    "elu": nn.ELU,
    "relu6": nn.ReLU6,
}


class ConcentrationNet(nn.Module):
    """c(x, t) of a solute along a packed chromatography column."""

    def __init__(self, cfg):
        super().__init__()
        act_cls = ACTIVATIONS[cfg.activation]
        layers, d = [], 2
        for _ in range(cfg.depth):
            layers += [nn.Linear(d, cfg.width), act_cls()]
            d = cfg.width
        layers.append(nn.Linear(d, 1))
        self.body = nn.Sequential(*layers)

    def concentration(self, x, t):
        return self.body(torch.cat([x, t], dim=-1))

    def forward(self, xt):
        return self.body(xt)
