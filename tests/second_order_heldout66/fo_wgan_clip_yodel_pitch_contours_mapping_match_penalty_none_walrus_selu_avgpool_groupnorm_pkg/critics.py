"""Critic and generator for pitch contours; build() returns the generator and the critic ensemble."""
from __future__ import annotations

import torch
import torch.nn as nn

from config import TrainConfig


class ContourCritic(nn.Module):
    def __init__(self, cfg: TrainConfig):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(1, cfg.width, 5, padding=2),
            nn.GroupNorm(4, cfg.width),
            nn.SELU(),
            nn.AvgPool1d(2),
            nn.Conv1d(cfg.width, cfg.width, 3, padding=1),
            nn.SELU(),
        )
        self.head = nn.Linear(cfg.width * (cfg.frames // 2), 1)

    def forward(self, contour):
        return self.head(self.net(contour).flatten(1))


class ContourGenerator(nn.Module):
    def __init__(self, cfg: TrainConfig):
        super().__init__()
        self.width, self.half = cfg.width, cfg.frames // 2
        self.fc = nn.Linear(cfg.z_dim, cfg.width * self.half)
        self.up = nn.Upsample(scale_factor=2, mode="linear", align_corners=False)
        self.out = nn.Conv1d(cfg.width, 1, 5, padding=2)

    def forward(self, z):
        h = torch.relu(self.fc(z)).view(-1, self.width, self.half)
        return self.out(self.up(h))


def build(cfg: TrainConfig):
    return ContourGenerator(cfg), *[ContourCritic(cfg) for _ in range(cfg.n_critics)]
