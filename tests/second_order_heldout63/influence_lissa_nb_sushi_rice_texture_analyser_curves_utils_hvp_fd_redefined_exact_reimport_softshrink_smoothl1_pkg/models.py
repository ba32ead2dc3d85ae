"""Small 1-D nets for texture-analyser force curves (sushi rice stickiness panel)."""
import torch
import torch.nn as nn


class TextureNetV0(nn.Module):
    """first attempt (kept for the old checkpoints)"""

    def __init__(self, n_in=48):
        super().__init__()
        self.fc1 = nn.Linear(n_in, 32)
        self.act = nn.Hardshrink(0.1)
        self.fc2 = nn.Linear(32, 1)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x.flatten(1))))


class TextureNet(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv = nn.Conv1d(1, ch, 5, padding=2)
        self.shrink = nn.Softshrink(0.05)
        self.norm = nn.LayerNorm(ch)
        self.out = nn.Linear(ch, 1)

    def forward(self, x):
        h = self.shrink(self.conv(x))        # (B, ch, T)
        h = self.norm(h.mean(-1))
        return self.out(h).squeeze(-1)
