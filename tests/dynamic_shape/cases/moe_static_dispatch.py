"""Negative: Switch-style MoE with a fixed capacity; dispatch via one-hot masks and einsum."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Case(nn.Module):
    def __init__(self, dim=8, num_experts=4, capacity=12):
        super().__init__()
        self.gate = nn.Linear(dim, num_experts)
        self.w = nn.Parameter(torch.randn(num_experts, dim, dim) * 0.1)
        self.num_experts, self.capacity = num_experts, capacity

    def forward(self, x):
        probs = self.gate(x).softmax(-1)
        expert = probs.argmax(-1)
        mask = F.one_hot(expert, self.num_experts)
        pos = (mask.cumsum(0) - 1) * mask
        mask = mask * (pos < self.capacity)
        slot = F.one_hot(pos.sum(-1).clamp(max=self.capacity - 1), self.capacity)
        dispatch = mask.unsqueeze(-1) * slot.unsqueeze(1)  # [T, E, C]
        expert_in = torch.einsum("tec,td->ecd", dispatch.float(), x)
        expert_out = torch.einsum("ecd,edh->ech", expert_in, self.w)
        return torch.einsum("tec,ech->th", dispatch.float(), expert_out)


def inputs():
    return (torch.randn(40, 8),)
