"""1-D CNN over 6-axis IMU windows (3 gyro + 3 accel channels)."""
import torch.nn as nn


class GyroFaultNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        w = cfg.width
        self.conv1 = nn.Conv1d(cfg.channels, w, 5, padding=2)
        self.act = getattr(nn, cfg.act)()
        self.pool = nn.MaxPool1d(2)
        self.conv2 = nn.Conv1d(w, w, 3, padding=1)
        self.fc = nn.Linear(w, cfg.n_classes)

    def forward(self, x):
        h = self.pool(self.act(self.conv1(x)))
        h = self.act(self.conv2(h))
        return self.fc(h.mean(-1))
