"""Per-field soil-moisture regressor: a short sensor history (4 channels x 24 h) plus static soil features."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SoilRegressor(nn.Module):
    def __init__(self, n_static=5, hidden=32):
        super().__init__()
        self.blocks = nn.ModuleDict({
            "temporal": nn.Conv1d(4, 8, 3, padding=1),
            "static": nn.Linear(n_static, hidden),
            "mix": nn.Linear(8 * 6 + hidden, hidden),
            "out": nn.Linear(hidden, 1),
        })
        self.act = nn.PReLU()

    def forward(self, series, static):
        t = torch.tanh(self.blocks["temporal"](series))
        t = F.avg_pool1d(t, kernel_size=4).flatten(1)
        s = self.act(self.blocks["static"](static))
        h = self.act(self.blocks["mix"](torch.cat([t, s], dim=1)))
        return self.blocks["out"](h).squeeze(-1)
