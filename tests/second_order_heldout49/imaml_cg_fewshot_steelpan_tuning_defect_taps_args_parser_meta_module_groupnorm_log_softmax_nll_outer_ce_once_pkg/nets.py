"""Encoders: BaseEncoder -> ConvSpecEncoder (mel x time conv trunk) -> TapClassifier (pooling + head)."""
import torch
import torch.nn as nn


class BaseEncoder(nn.Module):
    def __init__(self, n_mels, width):
        super().__init__()
        self.n_mels, self.width = n_mels, width

    def trunk(self, x):
        raise NotImplementedError

    def forward(self, x):
        return self.trunk(x)


class ConvSpecEncoder(BaseEncoder):
    """Two 1-D conv blocks over time, mel bins as channels; GroupNorm because tasks have 2-shot batches."""

    def __init__(self, n_mels, width):
        super().__init__(n_mels, width)
        self.conv1 = nn.Conv1d(n_mels, width, 3, padding=1)
        self.norm1 = nn.GroupNorm(4, width)
        self.conv2 = nn.Conv1d(width, width, 3, padding=1)
        self.norm2 = nn.GroupNorm(4, width)

    def trunk(self, x):
        h = torch.relu(self.norm1(self.conv1(x)))
        return torch.relu(self.norm2(self.conv2(h)))


class TapClassifier(ConvSpecEncoder):
    def __init__(self, n_mels, width, n_way, pool="mean"):
        super().__init__(n_mels, width)
        self.pool_kind = pool
        if pool == "max":
            self.pool = nn.AdaptiveMaxPool1d(1)
        self.head = nn.Linear(width, n_way)

    def forward(self, x):
        h = self.trunk(x)
        if self.pool_kind == "max":
            h = self.pool(h).squeeze(-1)
        else:
            h = h.mean(dim=-1)
        return self.head(h)
