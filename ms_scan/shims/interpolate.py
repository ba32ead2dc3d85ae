"""F.interpolate shims (bilinear, bicubic, nearest, nearest-exact) built from MatMul or Gather.

Only 4-D NCHW (or any (*, H, W)) inputs with a static size; no antialias, no 'area' mode.
"""
from __future__ import annotations

import math

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops

__all__ = ["InterpolateBilinear", "InterpolateBicubic", "InterpolateNearest"]


def _per_axis(v, n=2):
    if v is None:
        return (None,) * n
    if isinstance(v, (tuple, list)):
        return tuple(v)
    return (v,) * n


def _out_sizes(in_hw, size, scale_factor):
    if (size is None) == (scale_factor is None):
        raise ValueError("exactly one of size and scale_factor must be given")
    if size is not None:
        return tuple(int(s) for s in _per_axis(size)), (None, None)
    scales = tuple(float(s) for s in _per_axis(scale_factor))
    # torch: floor(in * scale) in double, and the kernel then maps coordinates with 1/scale
    return tuple(int(math.floor(float(n) * s)) for n, s in zip(in_hw, scales)), scales


def _coord_type(x):
    """torch computes source coordinates in the input's opmath type: float32 for float32/16, else float64."""
    return np.float64 if x.dtype == ms.float64 else np.float32


def _coord_scale(n_in, n_out, scale, align_corners, f32):
    if align_corners:
        return f32(n_in - 1) / f32(n_out - 1) if n_out > 1 else f32(0.0)
    if scale is not None and scale > 0:
        return f32(1.0 / scale)
    return f32(n_in) / f32(n_out)


def _linear_matrix(n_in, n_out, scale, align_corners, f32):
    s = _coord_scale(n_in, n_out, scale, align_corners, f32)
    m = np.zeros((n_out, n_in), np.float64)
    for i in range(n_out):
        if align_corners:
            src = s * f32(i)
        else:
            src = max(s * (f32(i) + f32(0.5)) - f32(0.5), f32(0.0))
        i0 = int(src)
        lam = min(max(float(f32(src) - f32(i0)), 0.0), 1.0)
        i1 = i0 + (1 if i0 < n_in - 1 else 0)
        m[i, i0] += 1.0 - lam
        m[i, i1] += lam
    return m


def _cubic_weights(t, a=-0.75):
    def near(x):  # |x| <= 1
        return ((a + 2) * x - (a + 3)) * x * x + 1

    def far(x):  # 1 < |x| < 2
        return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a

    return far(t + 1.0), near(t), near(1.0 - t), far(2.0 - t)


def _cubic_matrix(n_in, n_out, scale, align_corners, f32):
    s = _coord_scale(n_in, n_out, scale, align_corners, f32)
    m = np.zeros((n_out, n_in), np.float64)
    for i in range(n_out):
        src = s * f32(i) if align_corners else s * (f32(i) + f32(0.5)) - f32(0.5)  # no clamp for cubic
        i0 = int(math.floor(src))
        t = float(f32(src) - f32(i0))
        for k, wk in enumerate(_cubic_weights(t)):
            m[i, min(max(i0 - 1 + k, 0), n_in - 1)] += wk
    return m


class _Separable(nn.Cell):
    _matrix = None

    def __init__(self, size=None, scale_factor=None, align_corners=False):
        super().__init__()
        self.size = size
        self.scale_factor = scale_factor
        self.align_corners = bool(align_corners)

    def construct(self, x):
        h, w = x.shape[-2:]
        (oh, ow), (sh, sw) = _out_sizes((h, w), self.size, self.scale_factor)
        ft = _coord_type(x)
        mh = Tensor(type(self)._matrix(h, oh, sh, self.align_corners, ft), dtype=x.dtype)
        mw = Tensor(type(self)._matrix(w, ow, sw, self.align_corners, ft).T, dtype=x.dtype)
        return ops.matmul(ops.matmul(mh, x), mw)


class InterpolateBilinear(_Separable):
    """Replaces F.interpolate(mode='bilinear', align_corners=True/False) / nn.Upsample(mode='bilinear')
    / nn.UpsamplingBilinear2d (align_corners=True) with size or scale_factor.

    Builds torch's per-axis source indices and weights (float32 coordinate arithmetic as torch's CPU
    kernel) into two constant matrices applied by MatMul: equal up to float rounding. No antialias.
    MatMul keeps it second-order safe (ResizeBilinear's grad has no bprop), and it runs where
    mint's UpsampleBilinear2D has no kernel (2.10 CPU: 'The kernel UpsampleBilinear2D unregistered').
    """

    _matrix = staticmethod(_linear_matrix)


class InterpolateBicubic(_Separable):
    """Replaces F.interpolate(mode='bicubic', align_corners=True/False) (A = -0.75, border indices
    clamped, no output clamp) with constant matrices + MatMul. Equal up to float rounding; no antialias.
    Second-order safe."""

    _matrix = staticmethod(_cubic_matrix)


def _nearest_index(n_in, n_out, scale, exact):
    f32 = np.float32  # torch's nearest index arithmetic is float32 for every dtype
    if scale is not None and scale > 0:
        s = f32(1.0 / scale)
    else:
        s = f32(n_in) / f32(n_out)
    idx = []
    for i in range(n_out):
        if exact:
            j = int(math.floor(f32((f32(i) + f32(0.5)) * s)))
        elif n_out == n_in:
            j = i
        elif n_out == 2 * n_in:
            j = i >> 1
        else:
            j = int(math.floor(f32(f32(i) * s)))
        idx.append(min(j, n_in - 1))
    return np.asarray(idx, np.int32)


class InterpolateNearest(nn.Cell):
    """Replaces F.interpolate(mode='nearest' | 'nearest-exact') / nn.Upsample(mode='nearest') /
    nn.UpsamplingNearest2d with size or scale_factor by two Gathers with constant indices.

    Bit-exact: the indices follow torch's float32 index arithmetic (including its 'nearest' floor
    rule, which differs from ResizeNearestNeighbor's rounding in some releases).
    """

    def __init__(self, size=None, scale_factor=None, mode="nearest"):
        super().__init__()
        if mode not in ("nearest", "nearest-exact"):
            raise ValueError(f"unsupported mode {mode!r}")
        self.size = size
        self.scale_factor = scale_factor
        self.exact = mode == "nearest-exact"

    def construct(self, x):
        h, w = x.shape[-2:]
        (oh, ow), (sh, sw) = _out_sizes((h, w), self.size, self.scale_factor)
        ih = Tensor(_nearest_index(h, oh, sh, self.exact))
        iw = Tensor(_nearest_index(w, ow, sw, self.exact))
        return ops.gather(ops.gather(x, ih, x.ndim - 2), iw, x.ndim - 1)
