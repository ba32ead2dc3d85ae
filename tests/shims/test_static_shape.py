"""Static-shape shims against torch's data-dependent-shape ops."""
import numpy as np
import pytest
import torch
from mindspore import Tensor

from ms_scan.shims import static_shape as S
from shim_helpers import compare

pytestmark = pytest.mark.numerics


def _distinct(rng, shape, dtype=np.float32):
    n = int(np.prod(shape))
    return (rng.permutation(n * 3)[:n].reshape(shape) - n).astype(dtype) / (1 if dtype != np.float32 else 7)


@pytest.mark.parametrize("shape,dim", [((4, 9), -1), ((4, 9), 0), ((1, 1), 1), ((2, 3, 5), 1), ((7,), 0)])
@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.float64])
def test_sort_via_topk(rng, shape, dim, descending, dtype):
    x = _distinct(rng, shape, dtype)
    v, i = S.SortViaTopK(dim, descending)(Tensor(x))
    rv, ri = torch.sort(torch.from_numpy(x), dim=dim, descending=descending)
    compare("SortViaTopK", v, rv)
    compare("SortViaTopK indices", i, ri)
    assert i.asnumpy().dtype == np.int64


def test_sort_via_topk_ties_values_only(rng):
    x = rng.integers(0, 3, (5, 8)).astype(np.float32)
    v, i = S.SortViaTopK(-1)(Tensor(x))
    compare("SortViaTopK", v, torch.sort(torch.from_numpy(x))[0])
    np.testing.assert_array_equal(np.take_along_axis(x, i.asnumpy(), -1), v.asnumpy())


@pytest.mark.parametrize("shape,dim,kmax", [((4, 9), -1, 5), ((9, 4), 0, 9), ((1, 3), 1, 3), ((2, 6, 3), 1, 4)])
@pytest.mark.parametrize("largest", [True, False])
def test_bounded_topk(rng, shape, dim, kmax, largest):
    x = _distinct(rng, shape)
    for k in sorted({0, 1, kmax // 2, kmax}):
        v, i, valid = S.BoundedTopK(kmax, dim, largest, fill_value=-5.0)(Tensor(x), k)
        rv, ri = torch.topk(torch.from_numpy(x), k, dim=dim, largest=largest)
        sl = [slice(None)] * x.ndim
        sl[dim] = slice(0, k)
        compare("BoundedTopK", v.asnumpy()[tuple(sl)], rv)
        compare("BoundedTopK indices", i.asnumpy()[tuple(sl)], ri)
        assert valid.asnumpy().sum(axis=dim).max(initial=0) == k
        rest = [slice(None)] * x.ndim
        rest[dim] = slice(k, kmax)
        assert (v.asnumpy()[tuple(rest)] == -5.0).all() and (i.asnumpy()[tuple(rest)] == -1).all()


@pytest.mark.parametrize("xshape,mshape", [((3, 5), (3, 5)), ((3, 5), (5,)), ((1, 1), (1, 1)), ((2, 1, 4), (3, 1)),
                                           ((6,), (6,))])
@pytest.mark.parametrize("p", [0.0, 0.4, 1.0])
def test_masked_select_static(rng, xshape, mshape, p):
    x = rng.standard_normal(xshape).astype(np.float32)
    mask = rng.uniform(size=mshape) < p
    vals, count = S.MaskedSelectStatic(fill_value=9.0)(Tensor(x), Tensor(mask))
    ref = torch.masked_select(torch.from_numpy(x), torch.from_numpy(mask))
    c = int(count.asnumpy())
    assert c == ref.numel()
    compare("MaskedSelectStatic", vals.asnumpy()[:c], ref)
    assert (vals.asnumpy()[c:] == 9.0).all()
    vals5, _ = S.MaskedSelectStatic(size=5)(Tensor(x), Tensor(mask))
    assert vals5.shape == (5,)
    compare("MaskedSelectStatic", vals5.asnumpy()[:min(c, 5)], ref[:5])


@pytest.mark.parametrize("shape", [(4, 5), (1,), (2, 3, 4), (1, 1, 1)])
@pytest.mark.parametrize("p", [0.0, 0.3, 1.0])
@pytest.mark.parametrize("size", [1, 6, 30])
def test_nonzero_static(rng, shape, p, size):
    x = (rng.uniform(size=shape) < p).astype(np.float32) * rng.standard_normal(shape).astype(np.float32)
    got, count = S.NonzeroStatic(size, fill_value=-1)(Tensor(x))
    ref = torch.nonzero_static(torch.from_numpy(x), size=size, fill_value=-1)
    compare("NonzeroStatic", got, ref)
    assert int(count.asnumpy()) == int(torch.count_nonzero(torch.from_numpy(x)))


@pytest.mark.parametrize("shape,high", [((20,), 6), ((4, 5), 30), ((1,), 3), ((3, 3, 2), 2), ((12,), 100)])
@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.int64])
def test_unique_static(rng, shape, high, dtype):
    x = (rng.integers(-high, high, shape)).astype(dtype)
    if dtype == np.float32:
        x = x / 4
    size = 16
    values, count, inverse, counts = S.UniqueStatic(size, fill_value=0)(Tensor(x))
    rv, rinv, rcounts = torch.unique(torch.from_numpy(x), sorted=True, return_inverse=True, return_counts=True)
    c = int(count.asnumpy())
    assert c == rv.numel()
    k = min(c, size)
    compare("UniqueStatic", values.asnumpy()[:k], rv[:k])
    compare("UniqueStatic counts", counts.asnumpy()[:k], rcounts[:k])
    if c <= size:
        compare("UniqueStatic inverse", inverse, rinv)
        assert (counts.asnumpy()[c:] == 0).all() and (values.asnumpy()[c:] == 0).all()


@pytest.mark.parametrize("xshape,mdims", [((5, 3), 1), ((4, 3, 2), 2), ((1, 4), 1), ((2, 3, 4), 1), ((6,), 1)])
@pytest.mark.parametrize("p", [0.0, 0.5, 1.0])
@pytest.mark.parametrize("max_rows", [2, 8])
def test_boolean_mask_gather(rng, xshape, mdims, p, max_rows):
    x = rng.standard_normal(xshape).astype(np.float32)
    mask = rng.uniform(size=xshape[:mdims]) < p
    rows, count = S.BooleanMaskGather(max_rows, fill_value=0.0)(Tensor(x), Tensor(mask))
    ref = torch.from_numpy(x)[torch.from_numpy(mask)]
    c = int(count.asnumpy())
    assert c == ref.shape[0]
    assert rows.shape == (max_rows,) + xshape[mdims:]
    k = min(c, max_rows)
    compare("BooleanMaskGather", rows.asnumpy()[:k], ref[:k])
    assert (rows.asnumpy()[k:] == 0).all()
