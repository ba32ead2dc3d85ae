"""Score network for 1-D reed pressure windows."""
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {
    "gelu_tanh": partial(F.gelu, approximate="tanh"),
    "silu": F.silu,
    "relu6": F.relu6,
}


class DroneScoreNet(nn.Module):
    """conv -> act -> pool -> conv -> act -> dense read-out to one score value per sample."""

    def __init__(self, length, channels, act):
        super().__init__()
        self.act = ACTIVATIONS[act]
        self.inp = nn.Conv1d(1, channels, kernel_size=5, padding=2)
        self.pool = nn.AvgPool1d(kernel_size=2)
        self.mid = nn.Conv1d(channels, channels, kernel_size=3, padding=1)
        self.readout = nn.Linear(channels * (length // 2), length)

    def forward(self, x):
        h = self.act(self.inp(x.unsqueeze(1)))
        h = self.pool(h)
        h = self.act(self.mid(h))
        return self.readout(h.flatten(1))
