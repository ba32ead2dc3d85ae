"""OHEM: a sampler nn.Module takes the number of hard negatives from its parent, computed from the labels."""
import torch
from torch import nn


class HardNegSampler(nn.Module):
    def forward(self, losses, num):
        return losses.topk(num).indices  # expect: MS203 dynamic


class Case(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.sampler = HardNegSampler()

    def forward(self, losses, labels):
        num_pos = (labels > 0).sum()
        return self.sampler(losses, num_pos * 3)


def inputs():
    return torch.rand(50), torch.randint(0, 3, (50,))
