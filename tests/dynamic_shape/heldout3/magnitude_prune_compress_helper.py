"""Unstructured magnitude pruning: the surviving weights are packed into a dense vector by a helper (bool-mask read)."""
import torch
from torch import nn


def compress(weight, mask):
    return weight.flatten()[mask.flatten()]  # expect: MS202 dynamic


class Case(nn.Module):
    def __init__(self, threshold: float = 0.1) -> None:
        super().__init__()
        self.fc = nn.Linear(16, 16)
        self.threshold = threshold

    def forward(self, x: torch.Tensor):
        w = self.fc.weight
        mask = w.abs() > self.threshold
        packed = compress(w, mask)
        return x @ (w * mask).t(), packed


def inputs():
    return (torch.randn(2, 16),)
