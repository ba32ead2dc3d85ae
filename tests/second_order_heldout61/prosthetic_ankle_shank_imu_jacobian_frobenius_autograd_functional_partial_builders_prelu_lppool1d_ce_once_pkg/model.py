"""Shared temporal encoder with a torque head and a gait-phase head."""
import torch
import torch.nn as nn

from config import CHANNELS, N_PHASES, WINDOW
from layers import NORMS, conv_channels, make_layer


class AnkleNet(nn.Module):
    def __init__(self, spec, norm="none"):
        super().__init__()
        self.encoder = nn.Sequential(*map(make_layer, spec))
        self.norm = NORMS[norm](conv_channels(spec)[-1])
        with torch.no_grad():
            feat = self.encoder(torch.zeros(1, CHANNELS, WINDOW)).shape[-1]
        self.torque_head = nn.Sequential(nn.Linear(feat, 32), nn.Tanh(), nn.Linear(32, 1))
        self.phase_head = nn.Linear(feat, N_PHASES)

    def features(self, x):
        return self.encoder(x)

    def torque(self, x):
        return self.torque_head(self.features(x)).squeeze(-1)

    def forward(self, x):
        h = self.features(x)
        return self.torque_head(h).squeeze(-1), self.phase_head(h)
