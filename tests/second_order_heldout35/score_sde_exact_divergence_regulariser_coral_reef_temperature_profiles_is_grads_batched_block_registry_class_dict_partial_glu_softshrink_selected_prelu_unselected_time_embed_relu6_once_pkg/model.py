"""Noise-conditional score network s(x, sigma)."""
import torch
import torch.nn as nn

from blocks import BlockFactory
from settings import SETTINGS


class SigmaEmbedding(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc = nn.Linear(1, width)
        self.act = nn.ReLU6()

    def forward(self, log_sigma):
        return self.act(self.fc(log_sigma))


class ReefScoreNet(nn.Module):
    def __init__(self, cfg=SETTINGS):
        super().__init__()
        self.inp = nn.Linear(cfg.dim, cfg.width)
        self.embed = SigmaEmbedding(cfg.width)
        self.hidden = nn.Sequential(*[BlockFactory.build(name, cfg.width) for name in cfg.blocks])
        self.out = nn.Linear(cfg.width, cfg.dim)

    def forward(self, x, sigma):
        h = self.inp(x) + self.embed(sigma.log())
        return self.out(self.hidden(h)) / sigma
