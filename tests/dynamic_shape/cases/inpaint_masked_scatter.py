"""Negative: write generated patches into masked positions with masked_scatter (shape unchanged)."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, image, mask, fill):
        return image.masked_scatter(mask, fill)


def inputs():
    mask = torch.zeros(1, 3, 8, 8, dtype=torch.bool)
    mask[..., 2:4, 2:4] = True
    return torch.randn(1, 3, 8, 8), mask, torch.randn(1, 3, 8, 8)
