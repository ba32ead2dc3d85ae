"""Static-shape replacements for data-dependent-shape ops: each returns a fixed-size, padded result
plus a valid count (or mask). Graph compilers on Ascend/GE need these; they are not faster on CPU.
"""
from __future__ import annotations

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops

__all__ = ["SortViaTopK", "BoundedTopK", "MaskedSelectStatic", "NonzeroStatic", "UniqueStatic",
           "BooleanMaskGather"]


def _true_first_order(mask_flat, k):
    """Indices of the True entries of a 1-D bool mask in ascending order, then the False ones,
    truncated/padded to k (padding repeats index 0). Also returns the count of True entries.

    Uses TopK on int32 keys (True -> position, False -> position + n), so the order is total and
    ties cannot reorder anything; valid for n < 2**30.
    """
    n = mask_flat.shape[0]
    pos = ops.arange(n, dtype=ms.int32)
    key = ops.where(mask_flat, pos, pos + n)
    kk = min(k, n)
    _, order = ops.TopK(sorted=True)(-key, kk)
    if k > n:
        order = ops.concat((order, ops.zeros((k - n,), order.dtype)))
    count = ops.cast(mask_flat, ms.int32).sum()
    return order, count


def _move_last(x, dim):
    nd = x.ndim
    d = dim % nd
    if d == nd - 1:
        return x, None
    perm = tuple(i for i in range(nd) if i != d) + (d,)
    inv = tuple(int(i) for i in np.argsort(perm))
    return ops.transpose(x, perm), inv


class SortViaTopK(nn.Cell):
    """Replaces torch.sort / Tensor.sort (and torch.argsort) by a full TopK (k = size of dim); the
    migration guide's "Sort is TopK in the full sorting scenario".

    Values are exact. Indices equal torch's when values are distinct; with ties both orders are
    valid but may differ (torch.sort is not stable unless stable=True). NaNs are not handled
    (torch sorts them last). Indices are int64 like torch. Ascending order sorts -x, so it is for
    float and signed-int inputs.
    """

    def __init__(self, dim=-1, descending=False):
        super().__init__()
        self.dim = dim
        self.descending = descending

    def construct(self, x):
        y, inv = _move_last(x, self.dim)
        n = y.shape[-1]
        if self.descending:
            values, idx = ops.TopK(sorted=True)(y, n)
        else:
            values, idx = ops.TopK(sorted=True)(-y, n)
            values = -values
        idx = ops.cast(idx, ms.int64)
        if inv is not None:
            values, idx = ops.transpose(values, inv), ops.transpose(idx, inv)
        return values, idx


class BoundedTopK(nn.Cell):
    """Replaces torch.topk(x, k) where k varies at run time (a dynamic shape) by TopK(k_max) and a
    mask: positions >= k are filled (values with fill_value, indices with -1).

    Returns (values, indices, valid) of static size k_max along dim. The first k entries equal
    torch.topk(x, k) (ties may order differently). Requires k <= k_max <= size of dim.
    """

    def __init__(self, k_max, dim=-1, largest=True, fill_value=0.0):
        super().__init__()
        self.k_max = int(k_max)
        self.dim = dim
        self.largest = largest
        self.fill_value = fill_value

    def construct(self, x, k):
        y, inv = _move_last(x, self.dim)
        if self.largest:
            values, idx = ops.TopK(sorted=True)(y, self.k_max)
        else:
            values, idx = ops.TopK(sorted=True)(-y, self.k_max)
            values = -values
        shape = (1,) * (values.ndim - 1) + (self.k_max,)
        valid = ops.reshape(ops.arange(self.k_max, dtype=ms.int32), shape) < k
        valid = ops.broadcast_to(valid, values.shape)
        values = ops.where(valid, values, ops.full_like(values, self.fill_value))
        idx = ops.where(valid, ops.cast(idx, ms.int64), ops.full_like(ops.cast(idx, ms.int64), -1))
        if inv is not None:
            values, idx, valid = (ops.transpose(values, inv), ops.transpose(idx, inv),
                                  ops.transpose(valid, inv))
        return values, idx, valid


class MaskedSelectStatic(nn.Cell):
    """Replaces torch.masked_select / x[mask] (1-D result of data-dependent length) by a fixed-size
    result of length numel(broadcast(x, mask)) (or `size` if given): the selected values in
    row-major order, then fill_value; plus the valid count.

    Exact: values[:count] == torch.masked_select(x, mask). With size < count the tail is dropped.
    """

    def __init__(self, size=None, fill_value=0):
        super().__init__()
        self.size = size
        self.fill_value = fill_value

    def construct(self, x, mask):
        shape = np.broadcast_shapes(tuple(x.shape), tuple(mask.shape))
        xf = ops.reshape(ops.broadcast_to(x, shape), (-1,))
        mf = ops.reshape(ops.broadcast_to(mask, shape), (-1,))
        k = xf.shape[0] if self.size is None else int(self.size)
        order, count = _true_first_order(mf, k)
        values = ops.gather(xf, order, 0)
        valid = ops.arange(k, dtype=ms.int32) < count
        return ops.where(valid, values, ops.full_like(values, self.fill_value)), count


class NonzeroStatic(nn.Cell):
    """Replaces torch.nonzero(x) / torch.argwhere / (mask).nonzero() by a (size, ndim) int64 result:
    the first `size` nonzero coordinates in row-major order, rows beyond the count set to
    fill_value; plus the count. Matches torch.nonzero_static(x, size=size, fill_value=fill_value).
    """

    def __init__(self, size, fill_value=-1):
        super().__init__()
        self.size = int(size)
        self.fill_value = fill_value

    def construct(self, x):
        shape = tuple(x.shape)
        flat = ops.reshape(x, (-1,)) != 0
        order, count = _true_first_order(flat, self.size)
        order = ops.cast(order, ms.int64)
        coords = []
        rem = order
        for extent in reversed(shape):
            coords.append(rem % extent)
            rem = rem // extent
        coords = ops.stack(coords[::-1], axis=1) if coords else ops.zeros((self.size, 0), ms.int64)
        valid = ops.reshape(ops.arange(self.size, dtype=ms.int32) < count, (-1, 1))
        return ops.where(valid, coords, ops.full_like(coords, self.fill_value)), count


class UniqueStatic(nn.Cell):
    """Replaces torch.unique(x, sorted=True, return_inverse=..., return_counts=...) (flattened) by a
    fixed-size result: the sorted unique values padded with fill_value to `size`, the count of
    unique values, the inverse indices (shape of x) and per-value counts (padded with 0).

    Exact when count <= size (values beyond size are dropped and their inverse index is >= size).
    Sorting uses TopK, so float NaNs are not supported; integers and floats otherwise.
    """

    def __init__(self, size, fill_value=0):
        super().__init__()
        self.size = int(size)
        self.fill_value = fill_value

    def construct(self, x):
        xf = ops.reshape(x, (-1,))
        n = xf.shape[0]
        neg_sorted, perm = ops.TopK(sorted=True)(-xf, n)
        s = -neg_sorted                                          # ascending
        first = ops.concat((ops.ones((1,), ms.bool_), s[1:] != s[:-1]))
        # one extra start so the last kept value's count is right even when count > size
        starts, count = _true_first_order(first, self.size + 1)  # positions in s of each unique value
        k = ops.arange(self.size + 1, dtype=ms.int32)
        starts = ops.where(k < count, starts, ops.full_like(starts, n))
        values = ops.gather(s, ops.minimum(starts[:-1], ops.full_like(starts[:-1], n - 1)), 0)
        valid = k[:-1] < count
        values = ops.where(valid, values, ops.full_like(values, self.fill_value))
        counts = ops.where(valid, ops.cast(starts[1:] - starts[:-1], ms.int64), ops.zeros((self.size,), ms.int64))
        rank_sorted = ops.cumsum(ops.cast(first, ms.int32), 0) - 1     # unique id of s[i]
        _, inv_perm = ops.TopK(sorted=True)(-perm, n)                    # argsort(perm)
        inverse = ops.reshape(ops.cast(ops.gather(rank_sorted, inv_perm, 0), ms.int64), x.shape)
        return values, count, inverse, counts


class BooleanMaskGather(nn.Cell):
    """Replaces boolean-mask indexing x[mask] (mask over the leading dims of x, result rows of
    data-dependent count) by a gather with a static bound: returns (rows, count) where rows has
    max_rows rows (selected rows in row-major order, then fill_value) and trailing dims of x.

    Exact: rows[:count] == x[mask] when count <= max_rows; later rows are dropped otherwise.
    """

    def __init__(self, max_rows, fill_value=0):
        super().__init__()
        self.max_rows = int(max_rows)
        self.fill_value = fill_value

    def construct(self, x, mask):
        m = mask.ndim
        rows = ops.reshape(x, (-1,) + tuple(x.shape[m:]))
        order, count = _true_first_order(ops.reshape(mask, (-1,)), self.max_rows)
        picked = ops.gather(rows, order, 0)
        valid = ops.reshape(ops.arange(self.max_rows, dtype=ms.int32) < count,
                            (-1,) + (1,) * (picked.ndim - 1))
        valid = ops.broadcast_to(valid, picked.shape)
        return ops.where(valid, picked, ops.full_like(picked, self.fill_value)), count
