"""mmdet-style assigner written with unbound Tensor methods: torch.Tensor.nonzero(mask), Tensor.masked_select."""
import torch
from torch import Tensor, nn


class Case(nn.Module):
    def forward(self, ious, scores):
        pos_mask = ious.max(1).values > 0.5
        pos_inds = torch.Tensor.nonzero(pos_mask).squeeze(1)  # expect: MS201 dynamic
        kept = Tensor.masked_select(scores, pos_mask)  # expect: MS201 dynamic
        return pos_inds, kept


def inputs():
    return torch.rand(20, 4), torch.rand(20)
