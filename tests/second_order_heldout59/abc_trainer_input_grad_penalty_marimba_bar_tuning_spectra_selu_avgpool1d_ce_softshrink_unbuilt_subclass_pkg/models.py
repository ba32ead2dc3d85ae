"""1-D CNN over the log-magnitude spectrum of a struck marimba bar."""
import torch
import torch.nn as nn


class TapToneNet(nn.Module):
    def __init__(self, n_bins=64, n_classes=4, width=8):
        super().__init__()
        self.conv1 = nn.Conv1d(1, width, 5, padding=2)
        self.act = nn.SELU()
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(width, 2 * width, 3, padding=1)
        self.head = nn.Linear(2 * width * (n_bins // 4), n_classes)

    def forward(self, x):
        h = self.pool(self.act(self.conv1(x)))
        h = self.pool(self.act(self.conv2(h)))
        return self.head(h.flatten(1))

    def n_params(self):
        return sum(p.numel() for p in self.parameters())
