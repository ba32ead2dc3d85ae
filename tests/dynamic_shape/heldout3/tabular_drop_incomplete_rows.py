"""Tabular pre-processing inside the model: rows with any missing (NaN) feature are dropped before the MLP."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, n_features: int = 6) -> None:
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(n_features, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, x: torch.Tensor):
        complete = ~torch.isnan(x).any(dim=1)
        return self.mlp(x[complete])  # expect: MS202 dynamic


def inputs():
    x = torch.randn(10, 6)
    x[2, 1] = float("nan")
    x[7, 4] = float("nan")
    return (x,)
