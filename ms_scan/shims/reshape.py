"""Shape-only shims: squeeze/unsqueeze/flatten/unflatten as Reshape, PixelShuffle as Reshape+Transpose.

Target shapes are computed from the static input shape; none of these does arithmetic.
"""
from __future__ import annotations

from mindspore import nn, ops

__all__ = ["SqueezeAsReshape", "UnsqueezeAsReshape", "FlattenAsReshape", "UnflattenAsReshape",
           "PixelShuffle", "PixelUnshuffle"]


def _norm_dim(d, ndim):
    if not -ndim <= d < max(ndim, 1):
        raise IndexError(f"dim {d} out of range for {ndim}-d tensor")
    return d % ndim if ndim else 0


class SqueezeAsReshape(nn.Cell):
    """Replaces torch.squeeze / Tensor.squeeze (dim None, int or tuple) by Reshape.

    Exact. Like torch, a named dim whose size is not 1 is left alone (MindSpore's Squeeze raises).
    """

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def construct(self, x):
        shape = x.shape
        if self.dim is None:
            drop = {i for i, s in enumerate(shape) if s == 1}
        else:
            dims = self.dim if isinstance(self.dim, (tuple, list)) else (self.dim,)
            drop = {_norm_dim(d, len(shape)) for d in dims}
            drop = {d for d in drop if shape[d] == 1}
        return ops.reshape(x, tuple(s for i, s in enumerate(shape) if i not in drop))


class UnsqueezeAsReshape(nn.Cell):
    """Replaces torch.unsqueeze / Tensor.unsqueeze (ExpandDims) by Reshape. Exact."""

    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def construct(self, x):
        shape = list(x.shape)
        d = self.dim if self.dim >= 0 else self.dim + len(shape) + 1
        shape.insert(d, 1)
        return ops.reshape(x, tuple(shape))


class FlattenAsReshape(nn.Cell):
    """Replaces torch.flatten / Tensor.flatten (start_dim=0 default) and torch.nn.Flatten (pass
    start_dim=1) by Reshape. Exact; a 0-d input becomes shape (1,) as in torch."""

    def __init__(self, start_dim=0, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def construct(self, x):
        shape = x.shape
        if not shape:
            return ops.reshape(x, (1,))
        s = _norm_dim(self.start_dim, len(shape))
        e = _norm_dim(self.end_dim, len(shape))
        n = 1
        for v in shape[s:e + 1]:
            n *= v
        return ops.reshape(x, tuple(shape[:s]) + (n,) + tuple(shape[e + 1:]))


class UnflattenAsReshape(nn.Cell):
    """Replaces torch.nn.Unflatten / torch.unflatten / Tensor.unflatten by Reshape (one -1 allowed
    in sizes). Exact."""

    def __init__(self, dim, sizes):
        super().__init__()
        self.dim = dim
        self.sizes = tuple(sizes)

    def construct(self, x):
        shape = x.shape
        d = _norm_dim(self.dim, len(shape))
        sizes = list(self.sizes)
        if -1 in sizes:
            known = 1
            for v in sizes:
                if v != -1:
                    known *= v
            sizes[sizes.index(-1)] = shape[d] // known
        return ops.reshape(x, tuple(shape[:d]) + tuple(sizes) + tuple(shape[d + 1:]))


class PixelShuffle(nn.Cell):
    """Replaces torch.nn.PixelShuffle / F.pixel_shuffle by Reshape + Transpose + Reshape.

    Exact. For releases without ops.pixel_shuffle (it appeared in the 2.0 functional API) and for
    any leading batch dims (*, C*r*r, H, W).
    """

    def __init__(self, upscale_factor):
        super().__init__()
        self.r = int(upscale_factor)

    def construct(self, x):
        r = self.r
        lead, (c, h, w) = tuple(x.shape[:-3]), x.shape[-3:]
        oc = c // (r * r)
        y = ops.reshape(x, (-1, oc, r, r, h, w))
        y = ops.transpose(y, (0, 1, 4, 2, 5, 3))
        return ops.reshape(y, lead + (oc, h * r, w * r))


class PixelUnshuffle(nn.Cell):
    """Replaces torch.nn.PixelUnshuffle / F.pixel_unshuffle by Reshape + Transpose + Reshape. Exact."""

    def __init__(self, downscale_factor):
        super().__init__()
        self.r = int(downscale_factor)

    def construct(self, x):
        r = self.r
        lead, (c, h, w) = tuple(x.shape[:-3]), x.shape[-3:]
        y = ops.reshape(x, (-1, c, h // r, r, w // r, r))
        y = ops.transpose(y, (0, 1, 3, 5, 2, 4))
        return ops.reshape(y, lead + (c * r * r, h // r, w // r))
