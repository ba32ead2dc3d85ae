import torch.nn as nn

from config import CHANNELS, TARGETS


class BindingLoadNet(nn.Module):
    def __init__(self, hidden=24):
        super().__init__()
        self.conv = nn.Conv1d(len(CHANNELS), hidden, kernel_size=5, padding=2)
        self.norm = nn.GroupNorm(4, hidden)
        self.sparse = nn.Softshrink(0.1)
        self.temporal = nn.Conv1d(hidden, hidden, kernel_size=3, padding=2, dilation=2)
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.head = nn.Linear(hidden, len(TARGETS))

    def forward(self, imu):
        h = self.sparse(self.norm(self.conv(imu)))
        h = self.pool(self.temporal(h).tanh()).squeeze(-1)
        return self.head(h)
