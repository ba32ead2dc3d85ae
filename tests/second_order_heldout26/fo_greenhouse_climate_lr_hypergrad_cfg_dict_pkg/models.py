import torch.nn as nn


class ClimateForecaster(nn.Module):
    """Predicts next-hour air temperature of a greenhouse compartment from sensor windows."""

    def __init__(self, sensors, channels, hidden, window):
        super().__init__()
        self.conv = nn.Conv1d(sensors, channels, 3, padding=1)
        self.act = nn.GELU(approximate="tanh")
        self.pool = nn.AvgPool1d(2)
        self.fc1 = nn.Linear(channels * (window // 2), hidden)
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.pool(self.act(self.conv(x))).flatten(1)
        return self.fc2(self.act(self.fc1(h))).squeeze(-1)
