"""Tremor-window backbone and projection head for glacier-calving seismics, built together by one factory."""
import torch
import torch.nn as nn


class TremorBackbone(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv1d(3, channels, 5, padding=2)
        self.pool = nn.AvgPool1d(2)
        self.shrink = nn.Hardshrink(0.05)
        self.fc = nn.Linear(channels * 16, 16)

    def forward(self, w):
        h = self.pool(torch.tanh(self.conv(w)))
        return self.fc(self.shrink(h).flatten(1))


class ProjectionHead(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(16, 16), nn.ELU(), nn.Linear(16, classes))

    def forward(self, z):
        return self.net(z)


def create_models(hp):
    backbone = TremorBackbone(hp["channels"])
    projector = ProjectionHead(hp["classes"])
    return backbone, projector
