"""Negative: the same helper-method sampler, called with counts from a shape and a constructor argument."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, num_neg: int = 8) -> None:
        super().__init__()
        self.num_neg = num_neg

    def _draw(self, weights, count):
        return torch.multinomial(weights, count, replacement=True)

    def _head(self, x, n):
        return x[:n]

    def forward(self, labels, neg_weights):
        neg = self._draw(neg_weights, self.num_neg)
        half = self._head(labels, labels.shape[0] // 2)
        return neg, half


def inputs():
    return torch.randint(0, 2, (40,)), torch.rand(40)
