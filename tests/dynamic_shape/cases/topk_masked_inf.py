"""Negative: per-image top-k with a fixed k; invalid anchors are pushed to -inf instead of removed."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, k=10):
        super().__init__()
        self.k = k

    def forward(self, scores, valid):
        scores = scores.masked_fill(~valid, float("-inf"))
        vals, idx = scores.topk(self.k, dim=1)
        return vals.clamp(min=0), idx


def inputs():
    return torch.rand(2, 30), torch.rand(2, 30) > 0.5
