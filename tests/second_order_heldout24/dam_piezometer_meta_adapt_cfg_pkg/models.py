import torch.nn as nn


class SeepageNet(nn.Module):
    """Pore-pressure forecaster for one earth dam from a window of piezometer readings."""

    def __init__(self, n_sensors=4, width=16):
        super().__init__()
        self.conv = nn.Conv1d(n_sensors, 2 * width, 3, padding=1)
        self.glu = nn.GLU(dim=1)
        self.pool = nn.AvgPool1d(2)
        self.readout = nn.Linear(width * 8, 1)

    def features(self, x):
        return self.pool(self.glu(self.conv(x))).flatten(1)

    def forward(self, x):
        return self.readout(self.features(x))
