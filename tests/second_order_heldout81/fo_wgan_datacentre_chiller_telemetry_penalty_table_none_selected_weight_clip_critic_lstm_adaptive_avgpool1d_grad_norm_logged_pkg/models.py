import torch
import torch.nn as nn
import torch.nn.functional as F


class TelemetryGenerator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.rnn = nn.GRU(cfg.z_dim, cfg.hidden, num_layers=2, batch_first=True)
        self.proj = nn.Linear(cfg.hidden, cfg.n_features)

    def forward(self, z):
        h, _ = self.rnn(z)
        return torch.sigmoid(self.proj(h))


class TelemetryCritic(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.rnn = nn.LSTM(cfg.n_features, cfg.hidden, batch_first=True)
        self.act = nn.GELU(approximate="tanh")
        self.head = nn.Linear(cfg.hidden, 1)

    def forward(self, x):
        h, _ = self.rnn(x)
        pooled = F.adaptive_avg_pool1d(self.act(h).transpose(1, 2), 1).squeeze(-1)
        return self.head(pooled).squeeze(-1)
