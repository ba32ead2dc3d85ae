"""Stress-strain regressor for one midsole foam (input: strain, loading-cycle fraction)."""
import torch.nn as nn


class CompressionCurveNet(nn.Module):
    def __init__(self, hidden, act):
        super().__init__()
        self.layers = nn.ModuleList([self._linear(2, hidden), self._linear(hidden, hidden), self._linear(hidden, 1)])
        self.acts = nn.ModuleDict({
            "relu6": nn.ReLU6(),
            "tanh": nn.Tanh(),
            "hardswish": nn.Hardswish(),
        })
        self.act_name = act

    @staticmethod
    def _linear(n_in, n_out):
        layer = nn.Linear(n_in, n_out)
        nn.init.kaiming_uniform_(layer.weight, nonlinearity="relu")
        nn.init.zeros_(layer.bias)
        return layer

    @classmethod
    def from_config(cls, cfg):
        return cls(cfg.hidden, cfg.act)

    def forward(self, x):
        act = self.acts[self.act_name]
        for layer in self.layers[:-1]:
            x = act(layer(x))
        return self.layers[-1](x).squeeze(-1)
