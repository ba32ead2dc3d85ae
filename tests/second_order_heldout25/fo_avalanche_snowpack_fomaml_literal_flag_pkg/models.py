"""Snowpack stability classifier (stable / weak layer / critical) from snow-pit profiles."""
import torch.nn as nn
import torch.nn.functional as F


class SnowpackNet(nn.Module):
    def __init__(self, n_layers=12, n_cls=3):
        super().__init__()
        self.enc = nn.Linear(n_layers * 4, 64)
        self.act = nn.PReLU()
        self.cls = nn.Linear(64, n_cls)

    def forward(self, profile):
        return F.log_softmax(self.cls(self.act(self.enc(profile))), dim=-1)
