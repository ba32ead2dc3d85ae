"""Free-chlorine decay regressor: (hours since dosing, water temp, pH, UV index, dose) -> ppm."""
import torch.nn as nn
import torch.nn.functional as F


class ChlorineDecayNet(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(5, hidden),
            nn.SELU(),
            nn.Linear(hidden, hidden),
            nn.GELU(approximate="tanh"),
        )
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return F.softplus(self.out(self.body(x))).squeeze(-1)


def decay_loss(pred, target):
    return F.smooth_l1_loss(pred, target, beta=0.05)
