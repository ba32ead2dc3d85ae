"""Tile a prototype as many times as there are instances, count read out of a tensor."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self):
        super().__init__()
        self.proto = nn.Parameter(torch.randn(1, 16))

    def forward(self, inst_mask):
        n = int(inst_mask.sum())
        return self.proto.repeat(n, 1)  # expect: MS203 dynamic


def inputs():
    return (torch.rand(20) > 0.5,)
