"""Batch vector from counts: torch.repeat_interleave(counts) (one-argument form) for graph pooling."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, x, nodes_per_graph):
        batch = torch.repeat_interleave(nodes_per_graph)  # expect: MS201 dynamic
        out = torch.zeros(nodes_per_graph.shape[0], x.shape[1])
        return out.index_add_(0, batch, x[: batch.shape[0]])


def inputs():
    return torch.randn(12, 3), torch.tensor([4, 5, 3])
