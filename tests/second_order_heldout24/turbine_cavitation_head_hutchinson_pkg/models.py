"""Cavitation detector for hydropower turbines: spectrogram trunk + risk head."""
import torch.nn as nn


def build_trunk(channels=(1, 8, 16)):
    layers = []
    for c_in, c_out in zip(channels[:-1], channels[1:]):
        layers += [nn.Conv2d(c_in, c_out, 3, padding=1), nn.ReLU6()]
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten()]
    return nn.Sequential(*layers)


class RiskHead(nn.Module):
    def __init__(self, d_in, d_hidden=16):
        super().__init__()
        self.proj = nn.Linear(d_in, d_hidden)
        self.act = nn.Hardswish()
        self.logit = nn.Linear(d_hidden, 1)

    def forward(self, z):
        return self.logit(self.act(self.proj(z)))


class CavitationNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = build_trunk()
        self.head = RiskHead(16)

    def forward(self, spec):
        return self.head(self.trunk(spec))
