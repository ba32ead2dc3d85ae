"""Switch-Transformer top-1 routing written the naive way: per-expert boolean gather/scatter in a loop."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 8, num_experts: int = 3) -> None:
        super().__init__()
        self.router = nn.Linear(dim, num_experts)
        self.experts = nn.ModuleList([nn.Linear(dim, dim) for _ in range(num_experts)])

    def forward(self, x: torch.Tensor):
        probs = self.router(x).softmax(-1)
        gate, route = probs.max(-1)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            sel = route == e
            out[sel] = expert(x[sel]) * gate[sel, None]  # expect: MS202 dynamic
        return out


def inputs():
    return (torch.randn(16, 8),)
