"""Negative: `assert torch.isfinite(x).all()`; strict export turns it into a runtime check."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 2)

    def forward(self, x):
        assert torch.isfinite(x).all(), "non-finite input"
        return self.fc(x)


def inputs():
    return (torch.randn(3, 6),)
