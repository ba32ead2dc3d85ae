import torch
import torch.nn as nn

ACTS = {
    "tanh": nn.Tanh,
    "hardswish": nn.Hardswish,
    "relu6": nn.ReLU6,
}


class TemperatureNet(nn.Module):
    def __init__(self, opts):
        super().__init__()
        m = opts.model
        layers, dim = [], 2
        for _ in range(m.depth):
            layers += [nn.Linear(dim, m.width), ACTS[opts.model.act]()]
            dim = m.width
        layers.append(nn.Linear(dim, 1))
        self.body = nn.Sequential(*layers)

    def forward(self, z, t):
        return self.body(torch.cat([z, t], dim=1))
