"""Surrogate network as a dataclass Module: fields come from the dataclass, layers from __post_init__."""
from dataclasses import dataclass

import torch.nn as nn

from spec import SurrogateSpec

ACTIVATIONS = {
    "prelu": nn.PReLU,
    "hardswish": nn.Hardswish,
    "softplus": nn.Softplus,
}


@dataclass(eq=False)
class CulmSurrogate(nn.Module):
    spec: SurrogateSpec

    def __post_init__(self):
        super().__init__()
        s = self.spec
        dims = (s.in_features,) + s.hidden
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.acts = nn.ModuleList(ACTIVATIONS[s.act]() for _ in s.hidden)
        self.pool = nn.LPPool1d(2, s.pool)
        self.out = nn.Linear(s.hidden[-1] // s.pool, 1)
        # field-test calibration of the predicted log-stiffness (trained on detached predictions)
        self.calib = nn.Sequential(nn.Linear(1, 8), nn.Hardswish(), nn.Linear(8, 1))

    @property
    def trunk(self):
        return nn.Sequential(*[m for pair in zip(self.layers, self.acts) for m in pair])

    @property
    def head(self):
        return self.out

    def forward(self, x):
        h = self.trunk(x)
        h = self.pool(h.unsqueeze(1)).squeeze(1)
        return self.head(h)
