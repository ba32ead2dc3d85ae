"""Balanced sampler as a method: sample as many negatives as positives, count via .item()."""
import torch
from torch import nn


class Case(nn.Module):
    def sample_negatives(self, neg_prob: torch.Tensor, num: int) -> torch.Tensor:
        return torch.multinomial(neg_prob, num)  # expect: MS203 dynamic

    def forward(self, labels, neg_prob):
        num_pos = (labels == 1).sum().item()
        return self.sample_negatives(neg_prob, max(num_pos, 1))


def inputs():
    return torch.randint(0, 2, (30,)), torch.rand(30)
