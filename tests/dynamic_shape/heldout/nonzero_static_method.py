"""Negative: Tensor.nonzero_static with a fixed size, after an in-place masked_fill_."""
import torch
from torch import nn


class Case(nn.Module):
    max_objects = 16

    def forward(self, heat):
        heat = heat.clone()
        heat.masked_fill_(heat < 0.2, 0.0)
        return heat.flatten().nonzero_static(size=self.max_objects, fill_value=-1)


def inputs():
    return (torch.rand(8, 8),)
