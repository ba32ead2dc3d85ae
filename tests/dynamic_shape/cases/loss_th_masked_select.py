"""Regression loss over positive anchors selected with th.masked_select (alias import)."""
import torch as th
import torch.nn as nn


class Case(nn.Module):
    def forward(self, pred, target, pos):
        p = th.masked_select(pred, pos.unsqueeze(-1))  # expect: MS201 dynamic
        t = th.masked_select(target, pos.unsqueeze(-1))  # expect: MS201 dynamic
        return (p - t).abs().mean()


def inputs():
    return th.randn(8, 4), th.randn(8, 4), th.rand(8) > 0.5
