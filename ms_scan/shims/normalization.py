"""Normalisation shims composed from reductions: GroupNorm and F.normalize.

Biased variance as torch; statistics in the input dtype.
"""
from __future__ import annotations

import mindspore as ms
from mindspore import Parameter, nn, ops
from mindspore.common.initializer import initializer

__all__ = ["GroupNorm", "Normalize"]


class GroupNorm(nn.Cell):
    """Replaces torch.nn.GroupNorm / F.group_norm by reshape to (N, G, -1), mean/variance, affine.

    Equal up to float rounding (torch uses a different variance summation). Any (N, C, *) input.
    Second-order safe (only elementwise ops, ReduceMean with kept dims and Sqrt); MindSpore's
    GroupNorm primitive route differs by release and mint's group_norm is Ext (no double backward).
    """

    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True):
        super().__init__()
        if num_channels % num_groups:
            raise ValueError("num_channels must be divisible by num_groups")
        self.g = num_groups
        self.c = num_channels
        self.eps = eps
        self.affine = affine
        if affine:
            self.weight = Parameter(initializer("ones", (num_channels,), ms.float32), name="weight")
            self.bias = Parameter(initializer("zeros", (num_channels,), ms.float32), name="bias")

    def construct(self, x):
        shape = x.shape
        y = ops.reshape(x, (shape[0], self.g, -1))
        mean = ops.ReduceMean(keep_dims=True)(y, -1)
        d = y - mean
        var = ops.ReduceMean(keep_dims=True)(d * d, -1)
        y = ops.reshape(d / ops.sqrt(var + self.eps), shape)
        if self.affine:
            pshape = (1, self.c) + (1,) * (len(shape) - 2)
            y = y * ops.reshape(ops.cast(self.weight, x.dtype), pshape) + \
                ops.reshape(ops.cast(self.bias, x.dtype), pshape)
        return y


class Normalize(nn.Cell):
    """Replaces torch.nn.functional.normalize(x, p, dim, eps): x / max(||x||_p, eps) along dim.

    p may be any positive float or inf. Equal up to float rounding. Releases before 2.0 lack
    ops.normalize-style p/eps handling (L2Normalize only, with eps inside the sqrt).
    """

    def __init__(self, p=2.0, dim=1, eps=1e-12):
        super().__init__()
        self.p = float(p)
        self.dim = dim
        self.eps = eps

    def construct(self, x):
        a = ops.abs(x)
        if self.p == float("inf"):
            norm = ops.ReduceMax(keep_dims=True)(a, self.dim)
        elif self.p == 2.0:
            norm = ops.sqrt(ops.ReduceSum(keep_dims=True)(x * x, self.dim))
        elif self.p == 1.0:
            norm = ops.ReduceSum(keep_dims=True)(a, self.dim)
        else:
            norm = ops.pow(ops.ReduceSum(keep_dims=True)(ops.pow(a, self.p), self.dim), 1.0 / self.p)
        return x / ops.maximum(norm, ops.full_like(norm, self.eps))
