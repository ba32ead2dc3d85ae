"""Negative: `if self.training` and an `if cfg.aux_loss` flag select code paths, not tensor values."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, aux_loss: bool = True) -> None:
        super().__init__()
        self.aux_loss = aux_loss
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        out = self.head(x)
        if self.training:
            out = out + 0.01 * torch.randn_like(out)
        if self.aux_loss:
            return out, out[:, :1]
        return out


def inputs():
    return (torch.randn(3, 4),)
