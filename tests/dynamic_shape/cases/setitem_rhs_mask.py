"""Boost positives in place: the store `y[m] = ...` is fine, but the read `y[m] * 2` is ragged."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, logits):
        y = logits.clone()
        m = y > 0
        y[m] = y[m] * 2.0  # expect: MS202 dynamic
        return y


def inputs():
    return (torch.randn(6, 5),)
