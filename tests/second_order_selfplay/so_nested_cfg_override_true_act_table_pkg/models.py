import torch.nn as nn

from layers import ACTS, POOLS


class Encoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        width = cfg["encoder"]["width"]
        self.conv = nn.Conv1d(2, width, 5, padding=2)
        self.act = ACTS[cfg["encoder"]["act"]]()
        self.pool = POOLS[cfg["pool"]](2)

    def forward(self, x):
        return self.pool(self.act(self.conv(x))).mean(-1)


class GearboxNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.encoder = Encoder(cfg["model"])
        self.head = nn.Linear(cfg["model"]["encoder"]["width"], cfg["meta"]["ways"])

    def forward(self, x):
        return self.head(self.encoder(x))
