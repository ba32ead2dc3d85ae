import torch.nn as nn


class GasHazardNet(nn.Module):
    """Methane/CO hazard level from a window of underground mine gas-sensor readings."""

    def __init__(self, n_sensors=6, n_levels=3):
        super().__init__()
        self.conv = nn.Conv1d(n_sensors, 16, 3, padding=1)
        self.norm = nn.GroupNorm(4, 16)
        self.act = nn.PReLU(16)
        self.gap = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(16, n_levels)

    def logits(self, x):
        return self.fc(self.gap(self.act(self.norm(self.conv(x)))).flatten(1))

    def forward(self, x):
        return self.logits(x).softmax(-1)
