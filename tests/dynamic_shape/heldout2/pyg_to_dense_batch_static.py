"""Negative: to_dense_batch with batch_size and max_num_nodes fixed in __init__ (the export-friendly call)."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, batch_size: int = 3, max_num_nodes: int = 4) -> None:
        super().__init__()
        self.batch_size, self.max_num_nodes = batch_size, max_num_nodes

    def forward(self, x: torch.Tensor, batch: torch.Tensor):
        num_nodes = torch.zeros(self.batch_size, dtype=torch.long).scatter_add_(0, batch, torch.ones_like(batch))
        cum_nodes = torch.cat([batch.new_zeros(1), num_nodes.cumsum(0)])
        idx = torch.arange(batch.size(0)) - cum_nodes[batch] + batch * self.max_num_nodes
        out = x.new_zeros(self.batch_size * self.max_num_nodes, x.size(-1))
        out[idx] = x
        mask = torch.zeros(self.batch_size * self.max_num_nodes, dtype=torch.bool)
        mask[idx] = True
        return out.view(self.batch_size, self.max_num_nodes, -1), mask.view(self.batch_size, -1)


def inputs():
    return torch.randn(9, 4), torch.tensor([0, 0, 0, 1, 1, 2, 2, 2, 2])
