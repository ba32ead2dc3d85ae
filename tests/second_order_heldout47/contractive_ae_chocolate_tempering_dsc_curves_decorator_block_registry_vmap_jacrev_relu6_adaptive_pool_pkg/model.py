"""Encoder / decoder assembled from the block registry."""
import torch
import torch.nn as nn

from layers import BLOCKS


class TemperEncoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        c = cfg["channels"]
        self.blocks = nn.Sequential(*[BLOCKS[name](1 if i == 0 else c, c, cfg) for i, name in enumerate(cfg["encoder"])])
        self.proj = nn.Linear(c * cfg["pool_size"], cfg["latent"])

    def forward(self, x):
        return torch.tanh(self.proj(self.blocks(x.unsqueeze(1)).flatten(1)))


class TemperDecoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        c = cfg["channels"]
        self.c, self.pool_size = c, cfg["pool_size"]
        self.lift = nn.Linear(cfg["latent"], c * cfg["pool_size"])
        self.blocks = nn.Sequential(*[BLOCKS[name](c, c, cfg) for name in cfg["decoder"]])

    def forward(self, z):
        h = self.lift(z).view(-1, self.c, self.pool_size)
        return self.blocks(h).squeeze(1)
