import torch
import torch.nn as nn
import torch.nn.functional as F


class RinkForecaster(nn.Module):
    """Causal-free 1-D conv forecaster of ice-surface temperature from rink sensor channels."""

    def __init__(self, channels, hidden, kernel, horizon):
        super().__init__()
        self.kernel = kernel
        self.conv = nn.Conv1d(channels, hidden, kernel)
        self.gate = nn.Conv1d(channels, hidden, kernel)
        self.attn = nn.Softmax(dim=-1)
        self.score = nn.Linear(hidden, 1)
        self.out = nn.Linear(hidden, horizon)

    @classmethod
    def from_config(cls, cfg):
        return cls(**cfg["model"])

    def forward(self, x):
        pad = self.kernel // 2
        xp = F.pad(x, (pad, pad), mode="reflect")
        h = self.conv(xp) * torch.sigmoid(self.gate(xp))
        h = h.transpose(1, 2)
        w = self.attn(self.score(h).squeeze(-1))
        pooled = (w.unsqueeze(-1) * h).sum(1)
        return self.out(pooled)
