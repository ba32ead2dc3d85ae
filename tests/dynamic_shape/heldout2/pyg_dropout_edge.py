"""PyG dropout_edge: sample a Bernoulli keep mask over edges and index the edge list's columns with it."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, p: float = 0.3) -> None:
        super().__init__()
        self.p = p

    def forward(self, x: torch.Tensor, edge_index: torch.Tensor):
        edge_mask = torch.rand(edge_index.size(1)) >= self.p
        edge_index = edge_index[:, edge_mask]  # expect: MS202 dynamic
        src, dst = edge_index
        return torch.zeros_like(x).index_add_(0, dst, x[src])


def inputs():
    return torch.randn(10, 4), torch.randint(0, 10, (2, 30))
