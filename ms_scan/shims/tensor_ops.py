"""Tensor-manipulation shims: cdist, roll, reverse cumsum, two-operand einsum, unfold (im2col), pad modes.

Each is built from Reshape/Transpose/Gather/MatMul/StridedSlice; shapes must be static.
"""
from __future__ import annotations

import string

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops

__all__ = ["Cdist", "Roll", "ReverseCumsum", "Einsum", "Unfold", "PadReflectReplicate"]


class Cdist(nn.Cell):
    """Replaces torch.cdist(x1, x2, p) for (*, P, M) x (*, R, M) by broadcast differences.

    p = 2 (default), 1, inf or any p > 0. Compared with torch's default compute_mode, which uses a
    MatMul expansion for p = 2 when P or R > 25, the direct form is at least as accurate; equal up
    to float rounding. Memory O(P*R*M). 2.10 CPU has ops.cdist; needed on 1.x and where the
    native op lacks the device kernel or a double backward.
    """

    def __init__(self, p=2.0):
        super().__init__()
        self.p = float(p)

    def construct(self, x1, x2):
        d = ops.expand_dims(x1, -2) - ops.expand_dims(x2, -3)  # (*, P, R, M)
        if self.p == 2.0:
            return ops.sqrt(ops.ReduceSum()(d * d, -1))
        a = ops.abs(d)
        if self.p == 1.0:
            return ops.ReduceSum()(a, -1)
        if self.p == float("inf"):
            return ops.ReduceMax()(a, -1)
        return ops.pow(ops.ReduceSum()(ops.pow(a, self.p), -1), 1.0 / self.p)


class Roll(nn.Cell):
    """Replaces torch.roll(x, shifts, dims) (dims None flattens first) by one Gather per rolled dim
    with constant indices. Exact; second-order safe.

    Needed on 2.10 CPU, where ops.roll fails with 'The kernel Roll unregistered' (observed). A
    Slice + Concat version is not twice differentiable there: SliceGrad has no bprop (observed).
    """

    def __init__(self, shifts, dims=None):
        super().__init__()
        self.shifts = tuple(shifts) if isinstance(shifts, (tuple, list)) else (shifts,)
        self.dims = None if dims is None else (tuple(dims) if isinstance(dims, (tuple, list)) else (dims,))

    @staticmethod
    def _roll1(x, shift, dim):
        n = x.shape[dim]
        if n == 0 or shift % n == 0:
            return x
        idx = (np.arange(n) - shift) % n
        return ops.gather(x, Tensor(idx.astype(np.int32)), dim)

    def construct(self, x):
        if self.dims is None:
            return ops.reshape(self._roll1(ops.reshape(x, (-1,)), self.shifts[0], 0), x.shape)
        y = x
        for s, d in zip(self.shifts, self.dims):
            y = self._roll1(y, s, d % x.ndim)
        return y


class ReverseCumsum(nn.Cell):
    """Replaces the idiom torch.flip(torch.cumsum(torch.flip(x, [d]), d), [d]) (suffix sums, e.g.
    discounted returns, reverse cumulative masks) by CumSum(reverse=True), optionally exclusive.

    Equal up to float rounding (summation order is the same, from the end). Avoids two ReverseV2
    ops and works on releases where flip lacked a kernel.
    """

    def __init__(self, dim, exclusive=False):
        super().__init__()
        self.dim = dim
        self.cumsum = ops.CumSum(exclusive=exclusive, reverse=True)

    def construct(self, x):
        return self.cumsum(x, self.dim % x.ndim)


def _parse_einsum(eq):
    lhs, out = eq.replace(" ", "").split("->")
    ins = lhs.split(",")
    for term in ins + [out]:
        if "." in term or len(set(term)) != len(term):
            raise ValueError(f"Einsum shim: ellipsis and repeated indices are not supported: {eq!r}")
    return ins, out


class Einsum(nn.Cell):
    """Replaces torch.einsum for one or two operands with an explicit '->' output and no ellipsis
    or repeated (diagonal) indices: transposes, sums and one BatchMatMul.

    Covers the common patterns ('bij,bjk->bik', 'bhqd,bhkd->bhqk', 'ij->ji', 'bi,bi->b',
    'i,j->ij', 'nchw,oc->nohw'...). Equal up to float rounding. ops.einsum fails on 2.10 CPU
    (observed: no CPU kernel), and was GPU-only in earlier releases.
    """

    def __init__(self, equation):
        super().__init__()
        self.ins, self.out = _parse_einsum(equation)
        if len(self.ins) not in (1, 2):
            raise ValueError("Einsum shim supports one or two operands")

    def construct(self, *operands):
        if len(self.ins) == 1:
            a, = operands
            ia = self.ins[0]
            drop = tuple(i for i, c in enumerate(ia) if c not in self.out)
            if drop:
                a = ops.ReduceSum()(a, drop)
                ia = "".join(c for c in ia if c in self.out)
            return ops.transpose(a, tuple(ia.index(c) for c in self.out)) if ia != self.out else a
        a, b = operands
        ia, ib = self.ins
        # sum away indices that live in one operand only and not in the output
        ra = tuple(i for i, c in enumerate(ia) if c not in ib and c not in self.out)
        rb = tuple(i for i, c in enumerate(ib) if c not in ia and c not in self.out)
        if ra:
            a = ops.ReduceSum()(a, ra)
            ia = "".join(c for i, c in enumerate(ia) if i not in ra)
        if rb:
            b = ops.ReduceSum()(b, rb)
            ib = "".join(c for i, c in enumerate(ib) if i not in rb)
        batch = [c for c in ia if c in ib and c in self.out]
        contr = [c for c in ia if c in ib and c not in self.out]
        left = [c for c in ia if c not in ib]
        right = [c for c in ib if c not in ia]
        size = {c: a.shape[i] for i, c in enumerate(ia)}
        size.update({c: b.shape[i] for i, c in enumerate(ib)})

        def prod(cs):
            n = 1
            for c in cs:
                n *= size[c]
            return n

        a2 = ops.transpose(a, tuple(ia.index(c) for c in batch + left + contr))
        a2 = ops.reshape(a2, (prod(batch), prod(left), prod(contr)))
        b2 = ops.transpose(b, tuple(ib.index(c) for c in batch + contr + right))
        b2 = ops.reshape(b2, (prod(batch), prod(contr), prod(right)))
        y = ops.BatchMatMul()(a2, b2)
        order = batch + left + right
        y = ops.reshape(y, tuple(size[c] for c in order))
        return ops.transpose(y, tuple(order.index(c) for c in self.out))


def _pair(v):
    return (int(v[0]), int(v[1])) if isinstance(v, (tuple, list)) else (int(v), int(v))


class Unfold(nn.Cell):
    """Replaces torch.nn.Unfold / F.unfold (im2col) on (N, C, H, W) by zero padding + one strided
    slice per kernel offset + Stack/Reshape, giving (N, C*kh*kw, L) in torch's order. Exact.

    Supports kernel_size, dilation, padding and stride. Cost: kh*kw slices. Where ops.unfold
    exists (2.x) this is for releases/devices without the Im2Col kernel and for double backward.
    """

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.k = _pair(kernel_size)
        self.d = _pair(dilation)
        self.p = _pair(padding)
        self.s = _pair(stride)

    def construct(self, x):
        n, c, h, w = x.shape
        (kh, kw), (dh, dw), (ph, pw), (sh, sw) = self.k, self.d, self.p, self.s
        if ph or pw:
            x = ops.pad(x, (pw, pw, ph, ph))
        hp, wp = h + 2 * ph, w + 2 * pw
        oh = (hp - dh * (kh - 1) - 1) // sh + 1
        ow = (wp - dw * (kw - 1) - 1) // sw + 1
        cols = []
        for i in range(kh):
            for j in range(kw):
                r0, c0 = i * dh, j * dw
                cols.append(x[:, :, r0:r0 + sh * (oh - 1) + 1:sh, c0:c0 + sw * (ow - 1) + 1:sw])
        y = ops.stack(cols, axis=2)  # (N, C, kh*kw, oh, ow)
        return ops.reshape(y, (n, c * kh * kw, oh * ow))


def _pad_index(n, before, after, mode):
    idx = np.arange(-before, n + after)
    if mode == "replicate":
        idx = np.clip(idx, 0, n - 1)
    elif mode == "reflect":
        if before >= n or after >= n:
            raise ValueError("reflect padding must be smaller than the input size")
        idx = np.abs(idx)
        idx = np.where(idx > n - 1, 2 * (n - 1) - idx, idx)
    elif mode == "circular":
        idx = idx % n
    else:
        raise ValueError(f"unsupported pad mode {mode!r}")
    return idx.astype(np.int32)


class PadReflectReplicate(nn.Cell):
    """Replaces F.pad(x, pad, mode='reflect' | 'replicate' | 'circular') and nn.ReflectionPad1d/2d/3d,
    nn.ReplicationPad1d/2d/3d, nn.CircularPad*d by one Gather per padded dim with constant indices.

    Exact, for any number of padded trailing dims (pad is torch's last-dim-first tuple). Negative
    padding is not supported. Useful where mint's ReflectionPad2D has no kernel (2.10 CPU:
    'The kernel ReflectionPad2D unregistered', observed) and on 1.x's limited MirrorPad.
    """

    def __init__(self, pad, mode="reflect"):
        super().__init__()
        if len(pad) % 2 or any(p < 0 for p in pad):
            raise ValueError("pad must be an even-length tuple of non-negative sizes")
        self.pad = tuple(int(p) for p in pad)
        self.mode = mode

    def construct(self, x):
        y = x
        for i in range(len(self.pad) // 2):
            dim = x.ndim - 1 - i
            before, after = self.pad[2 * i], self.pad[2 * i + 1]
            if before or after:
                y = ops.gather(y, Tensor(_pad_index(x.shape[dim], before, after, self.mode)), dim)
        return y
