"""Radius-graph edge filter: edge features kept by a distance cutoff with a multi-line torch.masked_select."""
import torch as T
from torch import nn


class Case(nn.Module):
    cutoff = 0.8

    def forward(self, pos: T.Tensor, edge_index: T.Tensor):
        vec = pos[edge_index[0]] - pos[edge_index[1]]
        dist = vec.norm(dim=-1)
        within = dist < self.cutoff
        kept_dist = T.masked_select(  # expect: MS201 dynamic
            dist,
            within,
        )
        return T.exp(-kept_dist).sum()


def inputs():
    return T.rand(10, 3), T.randint(0, 10, (2, 40))
