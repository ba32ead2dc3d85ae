"""Daily hive-weight curve model."""
from torch import nn


class HiveNet(nn.Module):
    def __init__(self, units, kind):
        super().__init__()
        self.fc1 = nn.Linear(1, units)
        self.fc2 = nn.Linear(units, 1)
        self.nonlin = nn.ModuleDict(dict(
            relu6=nn.ReLU6(),
            hswish=nn.Hardswish(),
        ))
        self.kind = kind

    @classmethod
    def _from_opts(cls, opts):
        return cls(opts.units, opts.kind)

    def forward(self, t, w1=None):
        h = self.nonlin[self.kind](t @ w1.t() + self.fc1.bias if w1 is not None else self.fc1(t))
        return self.fc2(h)
