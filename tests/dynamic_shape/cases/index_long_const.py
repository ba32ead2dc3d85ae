"""Negative: selecting keypoint channels with a constant long index tensor (fixed length)."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("flip_idx", torch.tensor([0, 2, 1, 4, 3]))

    def forward(self, heat):
        keep = torch.tensor([0, 1, 3])
        return heat[:, self.flip_idx][:, keep]


def inputs():
    return (torch.rand(2, 5, 8, 8),)
