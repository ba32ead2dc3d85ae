"""Channel selection with a constant boolean mask `x[:, keep]`: still a mask index, still dynamic."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, x):
        keep = torch.tensor([True, False, True, True, False, True])
        return x[:, keep]  # expect: MS202 dynamic


def inputs():
    return (torch.randn(4, 6),)
