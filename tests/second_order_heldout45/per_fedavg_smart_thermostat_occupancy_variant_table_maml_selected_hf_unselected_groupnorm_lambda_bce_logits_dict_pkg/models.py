"""Dilated temporal CNN for hourly occupancy from thermostat telemetry."""
import torch.nn as nn

NORMS = {
    "group": lambda c: nn.GroupNorm(3, c),
    "none": lambda c: nn.Identity(),
}

ACTS = {
    "silu": nn.SiLU,
    "relu6": nn.ReLU6,
    "tanh": nn.Tanh,
}


class OccupancyTCN(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        c = cfg.channels
        layers, c_in = [], cfg.features
        for dilation in (1, 2, 4):
            layers += [nn.Conv1d(c_in, c, 3, padding=dilation, dilation=dilation), NORMS[cfg.norm](c), ACTS[cfg.act]()]
            c_in = c
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(c, 1)

    def forward(self, x):
        return self.head(self.body(x).mean(-1)).squeeze(-1)
