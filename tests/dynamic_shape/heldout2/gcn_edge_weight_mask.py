"""Negative: GCN message passing with an edge keep mask folded into the edge weights, degree by scatter_add."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 4) -> None:
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor, edge_attr: torch.Tensor):
        row, col = edge_index
        keep = (row != col).to(x.dtype)
        edge_weight = edge_attr.sigmoid() * keep
        deg = torch.zeros(x.size(0)).scatter_add_(0, col, edge_weight)
        deg_inv_sqrt = deg.pow(-0.5).masked_fill(deg == 0, 0.0)
        norm = deg_inv_sqrt[row] * edge_weight * deg_inv_sqrt[col]
        h = self.lin(x)
        return torch.zeros_like(h).index_add_(0, col, h[row] * norm[:, None])


def inputs():
    return torch.randn(10, 4), torch.randint(0, 10, (2, 30)), torch.randn(30)
