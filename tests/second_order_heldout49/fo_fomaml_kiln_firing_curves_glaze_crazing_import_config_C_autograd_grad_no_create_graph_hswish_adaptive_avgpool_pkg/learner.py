"""BaseLearner (functional forward over a parameter dict) -> FiringCurveNet (temporal conv layers)."""
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class BaseLearner(nn.Module):
    def params(self):
        return dict(self.named_parameters())

    def fforward(self, params, x):
        return functional_call(self, params, (x,))

    def loss(self, params, x, y):
        return F.cross_entropy(self.fforward(params, x), y)


class FiringCurveNet(BaseLearner):
    def __init__(self, channels, width, n_way):
        super().__init__()
        self.conv1 = nn.Conv1d(channels, width, 5, padding=2)
        self.conv2 = nn.Conv1d(width, width, 5, padding=2, stride=2)
        self.act = nn.Hardswish()
        self.pool = nn.AdaptiveAvgPool1d(4)
        self.head = nn.Linear(4 * width, n_way)

    def forward(self, x):
        h = self.act(self.conv1(x))
        h = self.act(self.conv2(h))
        return self.head(self.pool(h).flatten(1))
