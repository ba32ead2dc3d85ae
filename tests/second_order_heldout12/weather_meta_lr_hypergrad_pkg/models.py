import torch
import torch.nn as nn
import torch.nn.functional as F

MODELS = {}


def register(name):
    def deco(cls):
        MODELS[name] = cls
        return cls
    return deco


class SmoothingMixin:
    def smooth(self, x):
        return self.smoother(x)


@register("conv_gru")
class ConvGRUForecaster(SmoothingMixin, nn.Module):
    """Station time series -> next-step temperature. A 3-tap moving average smooths the features."""

    def __init__(self, n_vars=5, hidden=32):
        super().__init__()
        self.smoother = nn.AvgPool1d(3, stride=1, padding=1, count_include_pad=False)
        self.proj = nn.Conv1d(n_vars, hidden, 1)
        self.gru = nn.GRU(hidden, hidden, batch_first=True)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):  # x: (B, vars, T)
        x = x - F.avg_pool1d(x, 5, stride=1, padding=2, count_include_pad=False)  # detrend inputs
        h = self.smooth(torch.tanh(self.proj(x)))
        seq, _ = self.gru(h.transpose(1, 2))
        return self.out(seq[:, -1]).squeeze(-1)


def build(name, **kw):
    return MODELS[name](**kw)
