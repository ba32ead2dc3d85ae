import torch
import torch.nn as nn

ACT = {
    "tanh": nn.Tanh,
    "hardswish": nn.Hardswish,
    "relu6": nn.ReLU6,
    "mish": nn.Mish,
}


class StreamFunctionNet(nn.Module):
    """psi(x, y) and p(x, y); velocities are derivatives of the stream function."""

    def __init__(self, cfg):
        super().__init__()
        layers, d = [], 2
        for _ in range(cfg.depth):
            layers += [nn.Linear(d, cfg.width), ACT[cfg.activation]()]
            d = cfg.width
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(d, 2)

    def forward(self, xy):
        return self.head(self.body(xy))

    def stream_and_pressure(self, xy):
        out = self(xy)
        return out[:, :1], out[:, 1:]
