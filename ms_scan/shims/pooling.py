"""Pooling shims: adaptive pooling, MaxPool without indices, and a second-order-safe AvgPool2d.

Shapes are read from the (static) input at call time; nothing here handles dynamic shapes.
"""
from __future__ import annotations

import math

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops

__all__ = [
    "AdaptiveAvgPool2dTo1",
    "AdaptiveMaxPool2dTo1",
    "AdaptiveAvgPool2dStrided",
    "AdaptiveMaxPool2dStrided",
    "AdaptiveAvgPool2dBins",
    "AdaptiveMaxPool2dBins",
    "MaxPool2dNoIndices",
    "AvgPool2dSecondOrder",
]


def _pair(v):
    if isinstance(v, (tuple, list)):
        return int(v[0]), int(v[1])
    return int(v), int(v)


def _out_pair(output_size, h, w):
    oh, ow = output_size if isinstance(output_size, (tuple, list)) else (output_size, output_size)
    return (h if oh is None else int(oh)), (w if ow is None else int(ow))


def _const(arr, like):
    """A constant tensor in `like`'s dtype, converted from float64 so float64 inputs stay exact."""
    return Tensor(np.asarray(arr, np.float64), dtype=like.dtype)


def _as4d(x):
    """AvgPool/MaxPool primitives want NCHW; torch also accepts CHW."""
    if x.ndim == 3:
        return ops.expand_dims(x, 0), True
    return x, False


def _adaptive_bins(n_in, n_out):
    # torch's adaptive bin i covers [floor(i*in/out), ceil((i+1)*in/out)).
    return [((i * n_in) // n_out, -((-(i + 1) * n_in) // n_out)) for i in range(n_out)]


class AdaptiveAvgPool2dTo1(nn.Cell):
    """Replaces torch.nn.AdaptiveAvgPool2d(1) / F.adaptive_avg_pool2d(x, 1) by ReduceMean(keep_dims=True).

    Exact (up to summation order) for any input size; applies only when output_size is 1 or (1, 1).
    Needed on releases/devices without an AdaptiveAvgPool2D kernel (the 1.x migration guide's
    "equivalent replacement"); harmless everywhere.
    """

    def __init__(self):
        super().__init__()
        self.mean = ops.ReduceMean(keep_dims=True)

    def construct(self, x):
        return self.mean(x, (-2, -1))


class AdaptiveMaxPool2dTo1(nn.Cell):
    """Replaces torch.nn.AdaptiveMaxPool2d(1) / F.adaptive_max_pool2d(x, 1) (return_indices=False)
    by ReduceMax(keep_dims=True). Exact for any input size; only when output_size is 1 and the
    indices are not used."""

    def __init__(self):
        super().__init__()
        self.max = ops.ReduceMax(keep_dims=True)

    def construct(self, x):
        return self.max(x, (-2, -1))


def _strided_geometry(n_in, n_out, strict):
    if n_in % n_out == 0:
        return n_in // n_out, n_in // n_out
    if strict:
        raise ValueError(
            f"adaptive pooling {n_in}->{n_out} is not divisible: AvgPool/MaxPool with a fixed kernel "
            "is not exact; use the *Bins shim or pass strict=False to accept the approximation")
    stride = n_in // n_out
    return n_in - (n_out - 1) * stride, stride


def _strided_window(x, output_size, strict):
    """The 4-D input, whether it was 3-D, and the (kernel, stride) pairs of a strided adaptive pool."""
    x4, squeezed = _as4d(x)
    h, w = x4.shape[-2:]
    oh, ow = _out_pair(output_size, h, w)
    kh, sh = _strided_geometry(h, oh, strict)
    kw, sw = _strided_geometry(w, ow, strict)
    return x4, squeezed, (kh, kw), (sh, sw)


class AdaptiveAvgPool2dStrided(nn.Cell):
    """Replaces torch.nn.AdaptiveAvgPool2d(output_size) for static input sizes by AvgPool with
    kernel = stride = in // out.

    Exact only when every input spatial size is divisible by its output size; otherwise it raises
    unless strict=False, in which case it uses stride = in // out, kernel = in - (out-1)*stride,
    which is an approximation (torch's bins overlap unevenly). Use AdaptiveAvgPool2dBins for the
    exact general case.
    """

    def __init__(self, output_size, strict=True):
        super().__init__()
        self.output_size = output_size
        self.strict = strict

    def construct(self, x):
        x4, squeezed, (kh, kw), (sh, sw) = _strided_window(x, self.output_size, self.strict)
        y = ops.AvgPool(kernel_size=(kh, kw), strides=(sh, sw), pad_mode="valid")(x4)
        return y[0] if squeezed else y


class AdaptiveMaxPool2dStrided(nn.Cell):
    """Replaces torch.nn.AdaptiveMaxPool2d(output_size) (indices unused) for static input sizes by
    MaxPool with kernel = stride = in // out. Exact only when the sizes divide; raises otherwise
    unless strict=False (then approximate, see AdaptiveAvgPool2dStrided)."""

    def __init__(self, output_size, strict=True):
        super().__init__()
        self.output_size = output_size
        self.strict = strict

    def construct(self, x):
        x4, squeezed, (kh, kw), (sh, sw) = _strided_window(x, self.output_size, self.strict)
        y = ops.MaxPool(kernel_size=(kh, kw), strides=(sh, sw), pad_mode="valid")(x4)
        return y[0] if squeezed else y


def _avg_matrix(n_in, n_out):
    m = np.zeros((n_out, n_in), np.float64)
    for i, (s, e) in enumerate(_adaptive_bins(n_in, n_out)):
        m[i, s:e] = 1.0 / (e - s)
    return m


def _max_mask(n_in, n_out):
    m = np.full((n_out, n_in), -np.inf, np.float64)
    for i, (s, e) in enumerate(_adaptive_bins(n_in, n_out)):
        m[i, s:e] = 0.0
    return m


class AdaptiveAvgPool2dBins(nn.Cell):
    """Replaces torch.nn.AdaptiveAvgPool2d(output_size) for any static input size, divisible or not.

    Builds torch's per-bin averaging as two constant matrices (out_h x in_h, out_w x in_w) and
    applies them with MatMul, so it is exact (up to float rounding) for every size and also
    second-order safe (MatMul is twice differentiable, AvgPool is not in MindSpore 2.x).
    Cost is O(in*out) per spatial axis, fine for typical head/neck sizes.
    """

    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def construct(self, x):
        h, w = x.shape[-2:]
        oh, ow = _out_pair(self.output_size, h, w)
        ph = _const(_avg_matrix(h, oh), x)
        pw = _const(_avg_matrix(w, ow).T, x)
        return ops.matmul(ops.matmul(ph, x), pw)


class AdaptiveMaxPool2dBins(nn.Cell):
    """Replaces torch.nn.AdaptiveMaxPool2d(output_size) (indices unused) for any static input size.

    Each output bin is a ReduceMax over the input plus a constant 0/-inf bin mask, so it is exact
    for every size (divisible or not). Memory is O(numel * out_w) for the first axis.
    """

    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size
        self.max = ops.ReduceMax(keep_dims=False)

    def construct(self, x):
        h, w = x.shape[-2:]
        oh, ow = _out_pair(self.output_size, h, w)
        mw = _const(_max_mask(w, ow), x)            # (ow, w)
        y = self.max(ops.expand_dims(x, -2) + mw, -1)             # (..., h, ow)
        mh = _const(_max_mask(h, oh)[:, :, None], x)  # (oh, h, 1)
        return self.max(ops.expand_dims(y, -3) + mh, -2)          # (..., oh, ow)


def _pool_out(n, k, s, p, ceil_mode):
    if ceil_mode:
        o = -(-(n + 2 * p - k) // s) + 1
        if (o - 1) * s >= n + p:  # last window must start inside the input or left padding
            o -= 1
    else:
        o = (n + 2 * p - k) // s + 1
    return o


class MaxPool2dNoIndices(nn.Cell):
    """Replaces torch.nn.MaxPool2d / F.max_pool2d with return_indices=False (MaxPoolWithArgmax ->
    MaxPool): pads with -inf (padding, and ceil_mode overhang) and runs MaxPool 'valid'.

    Exact for dilation=1 (raises otherwise). Useful where MaxPoolWithArgmax(V2) or padded MaxPool
    lacks a kernel. Not second-order safe on CPU (no MaxPoolGradGrad kernel).
    """

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False):
        super().__init__()
        if _pair(dilation) != (1, 1):
            raise ValueError("MaxPool2dNoIndices supports dilation=1 only")
        self.k = _pair(kernel_size)
        self.s = _pair(stride if stride is not None else kernel_size)
        self.p = _pair(padding)
        self.ceil_mode = ceil_mode
        self.pool = ops.MaxPool(kernel_size=self.k, strides=self.s, pad_mode="valid")

    def construct(self, x):
        x4, squeezed = _as4d(x)
        h, w = x4.shape[-2:]
        oh = _pool_out(h, self.k[0], self.s[0], self.p[0], self.ceil_mode)
        ow = _pool_out(w, self.k[1], self.s[1], self.p[1], self.ceil_mode)
        extra_h = max(0, (oh - 1) * self.s[0] + self.k[0] - (h + 2 * self.p[0]))
        extra_w = max(0, (ow - 1) * self.s[1] + self.k[1] - (w + 2 * self.p[1]))
        pads = (self.p[1], self.p[1] + extra_w, self.p[0], self.p[0] + extra_h)
        if any(pads):
            x4 = ops.pad(x4, pads, mode="constant", value=float("-inf"))
        y = self.pool(x4)
        return y[0] if squeezed else y


def _avg_pool_matrix(n, k, s, p, ceil_mode, count_include_pad, divisor_override):
    o = _pool_out(n, k, s, p, ceil_mode)
    m = np.zeros((o, n), np.float64)
    for i in range(o):
        start = i * s - p
        end = min(start + k, n + p)
        size_with_pad = end - start
        cs, ce = max(start, 0), min(end, n)
        if divisor_override:
            div = 1.0
        elif count_include_pad:
            div = size_with_pad
        else:
            div = ce - cs
        m[i, cs:ce] = 1.0 / div
    return m


class AvgPool2dSecondOrder(nn.Cell):
    """Replaces torch.nn.AvgPool2d / F.avg_pool2d by two constant pooling matrices and MatMul.

    MindSpore's AvgPool bprop emits AvgPoolGrad, which has no bprop, so gradient penalties through
    AvgPool fail (all 2.x releases checked: 2.10). Average pooling is separable (the divisor is a
    product of per-axis window sizes, also with count_include_pad=False and ceil_mode), so this is
    exact up to float rounding and twice differentiable. Cost O(in*out) per axis.
    """

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None):
        super().__init__()
        self.k = _pair(kernel_size)
        self.s = _pair(stride if stride is not None else kernel_size)
        self.p = _pair(padding)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def construct(self, x):
        h, w = x.shape[-2:]
        mh = _avg_pool_matrix(h, self.k[0], self.s[0], self.p[0], self.ceil_mode,
                              self.count_include_pad, self.divisor_override)
        mw = _avg_pool_matrix(w, self.k[1], self.s[1], self.p[1], self.ceil_mode,
                              self.count_include_pad, self.divisor_override)
        y = ops.matmul(ops.matmul(_const(mh, x), x), _const(mw.T, x))
        if self.divisor_override:
            y = y / float(self.divisor_override)
        return y
