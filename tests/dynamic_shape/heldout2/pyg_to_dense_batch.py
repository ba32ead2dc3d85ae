"""PyG to_dense_batch: batch size and the largest graph's node count read out of the batch vector."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, x: torch.Tensor, batch: torch.Tensor):
        batch_size = int(batch.max()) + 1
        num_nodes = torch.zeros(batch_size, dtype=torch.long).scatter_add_(0, batch, torch.ones_like(batch))  # expect: MS203 dynamic
        cum_nodes = torch.cat([batch.new_zeros(1), num_nodes.cumsum(0)])
        max_num_nodes = int(num_nodes.max())
        pos = torch.arange(batch.size(0)) - cum_nodes[batch]
        out = x.new_zeros(batch_size, max_num_nodes, x.size(-1))  # expect: MS203 dynamic
        out[batch, pos] = x
        return out


def inputs():
    return torch.randn(9, 4), torch.tensor([0, 0, 0, 1, 1, 2, 2, 2, 2])
