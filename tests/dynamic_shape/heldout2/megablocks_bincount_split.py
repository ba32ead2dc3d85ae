"""MegaBlocks-style grouped MoE: tokens sorted by expert, tokens_per_expert from bincount, split by those counts."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 8, num_experts: int = 4) -> None:
        super().__init__()
        self.num_experts = num_experts
        self.router = nn.Linear(dim, num_experts)
        self.experts = nn.ModuleList(nn.Linear(dim, dim) for _ in range(num_experts))

    def forward(self, x: torch.Tensor):
        expert_idx = self.router(x).argmax(-1)
        order = expert_idx.argsort()
        tokens_per_expert = torch.bincount(expert_idx, minlength=self.num_experts)  # expect: MS201 dynamic
        groups = x[order].split(tokens_per_expert.tolist())  # expect: MS203 dynamic
        out = torch.cat([f(g) for f, g in zip(self.experts, groups)])
        return torch.empty_like(out).index_copy_(0, order, out)


def inputs():
    return (torch.randn(16, 8),)
