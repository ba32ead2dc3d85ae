"""Critic and generator of the packaged WGAN-GP example (imported by train.py)."""
import torch.nn as nn
import torch.nn.functional as F


class ResDown(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1)
        self.act = nn.Hardswish()

    def forward(self, x):
        h = self.conv2(self.act(self.conv1(self.act(x))))
        h = F.interpolate(h, scale_factor=0.5, mode="bilinear", align_corners=False)
        s = F.interpolate(self.skip(x), scale_factor=0.5, mode="bilinear", align_corners=False)
        return h + s


class Critic(nn.Module):
    def __init__(self, ch=64):
        super().__init__()
        self.blocks = nn.Sequential(ResDown(3, ch), ResDown(ch, ch * 2), ResDown(ch * 2, ch * 4))
        self.fc = nn.Linear(ch * 4 * 4 * 4, 1)

    def forward(self, x):
        return self.fc(self.blocks(x).flatten(1))


class Generator(nn.Module):
    def __init__(self, nz=128, ch=64):
        super().__init__()
        self.fc = nn.Linear(nz, ch * 4 * 4 * 4)
        self.up = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="bilinear"), nn.Conv2d(ch * 4, ch * 2, 3, padding=1), nn.GELU(approximate="tanh"),
            nn.Upsample(scale_factor=2, mode="bilinear"), nn.Conv2d(ch * 2, ch, 3, padding=1), nn.GELU(approximate="tanh"),
            nn.Upsample(scale_factor=2, mode="bilinear"), nn.Conv2d(ch, 3, 3, padding=1), nn.Tanh(),
        )
        self.ch = ch

    def forward(self, z):
        return self.up(self.fc(z).view(-1, self.ch * 4, 4, 4))
