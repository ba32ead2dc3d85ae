"""PyG-style dense_to_sparse: edge_index = adj.nonzero().t() in one chained expression."""
import torch
from torch import nn


def dense_to_sparse(adj):
    edge_index = adj.nonzero().t().contiguous()  # expect: MS201 dynamic
    return edge_index, adj[edge_index[0], edge_index[1]]


class Case(nn.Module):
    def forward(self, adj):
        return dense_to_sparse(adj)


def inputs():
    return (torch.rand(6, 6) * (torch.rand(6, 6) > 0.5),)
