import torch
import torch.nn as nn
import torch.nn.functional as F

from config import CFG


class FogNowcaster(nn.Module):
    """Generator: past fog-density frames -> next frames (values in [0, 1])."""

    def __init__(self, hidden=16):
        super().__init__()
        self.enc1 = nn.Conv2d(CFG.past, hidden, 3, padding=1)
        self.enc2 = nn.Conv2d(hidden, hidden, 3, stride=2, padding=1)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.dec = nn.Conv2d(2 * hidden, CFG.future, 3, padding=1)

    def forward(self, past):
        h1 = F.leaky_relu(self.enc1(past), 0.2)
        h2 = F.leaky_relu(self.enc2(h1), 0.2)
        return torch.sigmoid(self.dec(torch.cat([h1, self.up(h2)], 1)))


class TemporalDiscriminator(nn.Module):
    """Judges whether `future` is a plausible continuation of `past`."""

    def __init__(self, hidden=24):
        super().__init__()
        self.pad = nn.ReflectionPad2d(1)
        self.conv1 = nn.Conv2d(CFG.past + CFG.future, hidden, 3)
        self.conv2 = nn.Conv2d(hidden, hidden, 3, stride=2, padding=1)
        self.act = nn.LeakyReLU(0.2)
        self.pool = nn.AdaptiveAvgPool2d(2)
        self.fc = nn.Linear(hidden * 4, 1)

    def forward(self, past, future):
        x = torch.cat([past, future], dim=1)
        h = self.act(self.conv1(self.pad(x)))
        h = self.pool(self.act(self.conv2(h)))
        return self.fc(h.flatten(1)).squeeze(1)
