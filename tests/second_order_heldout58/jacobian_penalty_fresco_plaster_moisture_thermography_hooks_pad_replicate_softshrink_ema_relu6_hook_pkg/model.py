import torch.nn as nn


class CoolingCurveRegressor(nn.Module):
    """Surface temperature decay (B, 1, L) -> moisture content (B,)."""

    def __init__(self, channels=16):
        super().__init__()
        self.stem = nn.Conv1d(1, channels, 5)             # no padding: a pre-hook pads the input
        self.blocks = nn.ModuleList([
            nn.Sequential(nn.Conv1d(channels, channels, 3, padding=1), nn.Tanh()),
            nn.Sequential(nn.Conv1d(channels, channels, 3, padding=1, dilation=1), nn.Tanh()),
        ])
        self.head = nn.Linear(channels, 1)

    def forward(self, x):
        h = self.stem(x)
        for blk in self.blocks:
            h = h + blk(h)
        return self.head(h.mean(-1)).squeeze(-1)
