"""Unflatten with a grid size stored in a tensor (e.g. from the image meta) via tolist()."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, tokens, grid_hw):
        h, w = grid_hw.tolist()
        return tokens.view(tokens.shape[0], h, w, -1)  # expect: MS203 dynamic


def inputs():
    return torch.randn(2, 24, 8), torch.tensor([4, 6])
