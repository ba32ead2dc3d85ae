"""Negative: layer-wise magnitude pruning: k from sparsity * numel (static), kthvalue threshold, mask multiply, count_nonzero for logging."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, sparsity: float = 0.5) -> None:
        super().__init__()
        self.fc = nn.Linear(16, 16)
        self.sparsity = sparsity

    def forward(self, x: torch.Tensor):
        w = self.fc.weight
        k = max(1, int(self.sparsity * w.numel()))
        thresh = w.abs().flatten().kthvalue(k).values
        mask = (w.abs() > thresh).to(w.dtype)
        density = torch.count_nonzero(mask) / mask.numel()
        return x @ (w * mask).t() + self.fc.bias, density


def inputs():
    return (torch.randn(2, 16),)
