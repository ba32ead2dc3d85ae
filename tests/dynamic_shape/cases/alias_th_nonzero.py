"""Anchor assignment with `import torch as th`: positive anchor indices from th.nonzero."""
import torch as th
from torch import nn


class Case(nn.Module):
    def forward(self, ious):
        max_iou, gt_idx = ious.max(dim=0)
        pos = th.nonzero(max_iou >= 0.5, as_tuple=True)[0]  # expect: MS201 dynamic
        return pos, gt_idx[pos]


def inputs():
    return (th.rand(4, 100),)
