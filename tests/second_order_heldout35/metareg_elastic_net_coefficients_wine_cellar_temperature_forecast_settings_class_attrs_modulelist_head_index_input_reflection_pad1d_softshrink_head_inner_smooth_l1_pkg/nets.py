"""Forecaster: a padded conv trunk and one of several heads picked by settings.Model.HEAD_INDEX."""
import torch
import torch.nn as nn

from settings import Data, Model


class DenseHswishHead(nn.Sequential):
    def __init__(self, n_in, n_out):
        super().__init__(nn.Linear(n_in, 32), nn.Hardswish(), nn.Linear(32, n_out))


class DenseShrinkHead(nn.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.fc = nn.Linear(n_in, 32)
        self.shrink = nn.Softshrink(0.02)
        self.out = nn.Linear(32, n_out)

    def forward(self, h):
        return self.out(self.shrink(self.fc(h)))


HEAD_TYPES = {"dense_hswish": DenseHswishHead, "dense_shrink": DenseShrinkHead}


class CellarForecaster(nn.Module):
    def __init__(self):
        super().__init__()
        c = Model.CHANNELS
        self.pad = nn.ReflectionPad1d(2)
        self.conv = nn.Conv1d(1, c, 5)
        n_flat = c * Data.WINDOW
        self.heads = nn.ModuleList([HEAD_TYPES[name](n_flat, Data.HORIZON) for name in Model.HEADS])
        self.head_index = Model.HEAD_INDEX

    def forward(self, x):
        h = torch.tanh(self.conv(self.pad(x.unsqueeze(1)))).flatten(1)
        return self.heads[self.head_index](h)
