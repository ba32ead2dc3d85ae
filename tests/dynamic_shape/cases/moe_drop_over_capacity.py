"""Switch-style MoE token dropping: tokens past expert capacity are removed by a mask."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Case(nn.Module):
    def __init__(self, dim=8, num_experts=4, capacity=6):
        super().__init__()
        self.gate = nn.Linear(dim, num_experts)
        self.num_experts, self.capacity = num_experts, capacity

    def forward(self, x):
        expert = self.gate(x).argmax(-1)
        onehot = F.one_hot(expert, self.num_experts)
        position = (onehot.cumsum(0) * onehot).sum(-1) - 1
        keep = position < self.capacity
        kept_tokens = x[keep]  # expect: MS202 dynamic
        return kept_tokens, expert[keep]  # expect: MS202 dynamic


def inputs():
    return (torch.randn(40, 8),)
