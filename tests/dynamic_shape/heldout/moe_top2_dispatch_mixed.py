"""Top-2 MoE gating: static topk/softmax/one_hot, then per-expert dispatch via nonzero(as_tuple=True)."""
import torch
import torch.nn.functional as fn
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 8, num_experts: int = 4) -> None:
        super().__init__()
        self.num_experts = num_experts
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList(nn.Linear(dim, dim) for _ in range(num_experts))

    def forward(self, x):
        weights, selected = self.gate(x).softmax(-1).topk(2, dim=-1)
        weights = weights / weights.sum(-1, keepdim=True)
        expert_mask = fn.one_hot(selected, num_classes=self.num_experts).permute(2, 1, 0)
        out = torch.zeros_like(x)
        for e in range(self.num_experts):
            slot, token = expert_mask[e].nonzero(as_tuple=True)  # expect: MS201 dynamic
            y = self.experts[e](x[token]) * weights[token, slot, None]
            out.index_add_(0, token, y)
        return out


def inputs():
    return (torch.randn(16, 8),)
