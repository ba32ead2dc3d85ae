import torch
import torch.nn as nn


class DemandForecaster(nn.Module):
    """Daily bread demand: a trend branch and a weekly-season branch, summed."""

    def __init__(self, n_feat=10, hidden=32):
        super().__init__()
        self.branches = nn.ModuleDict({
            "trend": nn.Sequential(nn.Linear(n_feat, hidden), nn.ReLU6(), nn.Linear(hidden, 1)),
            "season": nn.Sequential(nn.Linear(n_feat, hidden), nn.GELU(approximate="tanh"), nn.Linear(hidden, 1)),
        })

    def forward(self, x):
        return sum(branch(x) for branch in self.branches.values()).squeeze(-1)
