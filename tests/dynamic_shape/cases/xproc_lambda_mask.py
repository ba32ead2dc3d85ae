"""Point cloud: a module-level lambda and a chained helper select points by a boolean mask built by the caller."""
import torch
from torch import nn

take = lambda pts, m: pts[m]  # noqa: E731  # expect: MS202 dynamic


def crop(pts, lo, hi):
    return take(pts, ((pts > lo) & (pts < hi)).all(-1))


class Case(nn.Module):
    def forward(self, xyz):
        return crop(xyz, -1.0, 1.0).mean(0)


def inputs():
    return (torch.randn(100, 3),)
