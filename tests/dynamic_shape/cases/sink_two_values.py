"""Dense class-by-instance grid: both extents are read out of the label tensors; the second one is new at the second sink."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, feats, cls_ids, inst_ids):
        n_cls = int(cls_ids.max().item()) + 1
        hist = torch.zeros(n_cls).index_add_(0, cls_ids, torch.ones(cls_ids.shape[0]))  # expect: MS203 dynamic
        n_inst = int(inst_ids.max().item()) + 1
        grid = feats.new_full((n_cls, n_inst), 0.0)  # expect: MS203 dynamic
        grid[cls_ids, inst_ids] = feats.sum(-1)
        return grid, hist


def inputs():
    return torch.randn(6, 3), torch.tensor([0, 1, 1, 2, 0, 2]), torch.tensor([0, 0, 1, 0, 1, 1])
