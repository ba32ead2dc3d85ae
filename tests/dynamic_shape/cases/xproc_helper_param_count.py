"""Balanced sampler: forward counts positives with .item() and a helper method draws that many negatives."""
import torch
from torch import nn


class Case(nn.Module):
    def _draw(self, weights, count):
        return torch.multinomial(weights, count, replacement=True)  # expect: MS203 dynamic

    def forward(self, labels, neg_weights):
        num_pos = int((labels == 1).sum().item())
        neg = self._draw(neg_weights, num_pos + 1)
        return neg


def inputs():
    return torch.randint(0, 2, (40,)), torch.rand(40)
