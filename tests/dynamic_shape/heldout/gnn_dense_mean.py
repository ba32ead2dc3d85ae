"""Negative: dense GNN mean aggregation; the adjacency is used as a matrix, never as an index."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x: torch.Tensor, adj: torch.Tensor) -> torch.Tensor:
        deg = adj.sum(-1, keepdim=True).clamp(min=1)
        return adj @ self.lin(x) / deg


def inputs():
    return torch.randn(10, 8), (torch.rand(10, 10) > 0.7).float()
