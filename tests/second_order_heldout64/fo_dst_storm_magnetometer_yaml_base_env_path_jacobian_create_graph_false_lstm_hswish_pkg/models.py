import torch.nn as nn


class DstForecaster(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        m = cfg.model
        self.lstm = nn.LSTM(cfg.data.features, m.hidden, num_layers=m.layers, batch_first=True)
        self.head = nn.Sequential(nn.Linear(m.hidden, m.hidden), getattr(nn, m.head_act)(), nn.Linear(m.hidden, 1))

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.head(out[:, -1]).squeeze(-1) * 50.0     # nT scale
