"""Per-image candidate indices computed with map(torch.nonzero, ...) over the batch (mmdet-style loops)."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, heat):
        masks = (heat > 0.5).unbind(0)
        per_image = list(map(torch.nonzero, masks))  # expect: MS201 dynamic
        return torch.cat(per_image)


def inputs():
    return (torch.rand(2, 6, 6),)
