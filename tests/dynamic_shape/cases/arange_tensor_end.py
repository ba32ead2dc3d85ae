"""Anchor ids for the positives: torch.arange with a tensor end taken from a mask sum."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, pos_mask):
        num_pos = pos_mask.sum()
        ids = torch.arange(num_pos)  # expect: MS203 dynamic
        return ids * 2


def inputs():
    return (torch.rand(50) > 0.7,)
