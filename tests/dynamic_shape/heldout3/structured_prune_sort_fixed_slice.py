"""Negative: structured channel pruning: channel L1 norms, torch.sort, a fixed n_prune slice, mask built with scatter."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, n_prune: int = 3, *args) -> None:
        super().__init__()
        self.conv = nn.Conv2d(4, 8, 3, padding=1, *args)
        self.n_prune = n_prune

    def forward(self, x: torch.Tensor):
        norms = self.conv.weight.abs().sum(dim=(1, 2, 3))
        _, order = torch.sort(norms)
        pruned = order[: self.n_prune]
        keep = torch.ones_like(norms).scatter(0, pruned, 0.0)
        return self.conv(x) * keep.view(1, -1, 1, 1)


def inputs():
    return (torch.randn(1, 4, 8, 8),)
