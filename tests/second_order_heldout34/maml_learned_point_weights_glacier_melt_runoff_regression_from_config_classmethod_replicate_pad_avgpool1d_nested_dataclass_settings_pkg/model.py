import torch
import torch.nn as nn
import torch.nn.functional as F


class RunoffNet(nn.Module):
    """Maps a window of daily degree-days to next-day melt runoff."""

    def __init__(self, channels, kernel, hidden, window):
        super().__init__()
        self.pad = (kernel - 1) // 2
        self.conv = nn.Conv1d(1, channels, kernel)
        self.pool = nn.AvgPool1d(2)
        self.fc1 = nn.Linear(channels * (window // 2), hidden)
        self.fc2 = nn.Linear(hidden, 1)

    @classmethod
    def from_config(cls, net_settings):
        return cls(net_settings.channels, net_settings.kernel, net_settings.hidden, net_settings.window)

    def forward(self, x):
        h = F.pad(x.unsqueeze(1), (self.pad, self.pad), mode="replicate")
        h = self.pool(F.softplus(self.conv(h))).flatten(1)
        return self.fc2(torch.tanh(self.fc1(h))).squeeze(-1)


class PointWeighter(nn.Module):
    """Meta-learned per-point weights of the inner regression loss."""

    def __init__(self, window):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(window + 1, 8), nn.LogSigmoid(), nn.Linear(8, 1))

    def forward(self, x, y):
        return 2 * torch.sigmoid(self.net(torch.cat([x, y.unsqueeze(-1)], -1))).squeeze(-1)
