"""Negative: GShard/Switch dispatch with a capacity factor: one_hot(num_classes), cumsum slots, einsum."""
import torch
import torch.nn.functional as F
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 8, num_experts: int = 4, capacity: int = 6) -> None:
        super().__init__()
        self.num_experts, self.capacity = num_experts, capacity
        self.router = nn.Linear(dim, num_experts)
        self.w = nn.Parameter(torch.randn(num_experts, dim, dim) * 0.1)

    def forward(self, x: torch.Tensor):
        probs = self.router(x).softmax(-1)
        gate, idx = probs.max(-1)
        mask = F.one_hot(idx, num_classes=self.num_experts)
        position = torch.cumsum(mask, dim=0) * mask - 1
        mask = mask * (position < self.capacity)
        slot = F.one_hot(position.clamp(min=0).amax(-1), num_classes=self.capacity)
        dispatch = mask[:, :, None].float() * slot[:, None, :].float()
        expert_in = torch.einsum("tec,td->ecd", dispatch, x)
        expert_out = torch.einsum("ecd,edf->ecf", expert_in, self.w)
        combine = dispatch * gate[:, None, None]
        return torch.einsum("tec,ecf->tf", combine, expert_out)


def inputs():
    return (torch.randn(16, 8),)
