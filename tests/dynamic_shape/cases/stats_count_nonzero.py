"""Negative: number of positives per image with count_nonzero, used as a normaliser."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, loss, labels):
        num_pos = torch.count_nonzero(labels > 0, dim=1).clamp(min=1)
        return (loss.sum(1) / num_pos).mean()


def inputs():
    return torch.rand(4, 50), torch.randint(0, 3, (4, 50))
