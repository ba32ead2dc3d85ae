"""Attention, normalisation and tensor-op shims against torch."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F
from mindspore import Tensor

from ms_scan.shims import attention as At
from ms_scan.shims import normalization as N
from ms_scan.shims import tensor_ops as T
from shim_helpers import compare

pytestmark = pytest.mark.numerics


@pytest.mark.parametrize("qshape,kshape", [((2, 3, 5, 8), (2, 3, 7, 8)), ((1, 1, 1, 4), (1, 1, 1, 4)),
                                           ((4, 6, 16), (4, 6, 16)), ((1, 2, 7, 3), (1, 2, 4, 3))])
@pytest.mark.parametrize("mask", [None, "bool", "float"])
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_sdpa(rng, qshape, kshape, mask, causal, dtype):
    if causal and mask is not None:
        mask = None  # torch forbids attn_mask together with is_causal
    q = rng.standard_normal(qshape).astype(dtype)
    k = rng.standard_normal(kshape).astype(dtype)
    v = rng.standard_normal(kshape[:-1] + (5,)).astype(dtype)
    L, S = qshape[-2], kshape[-2]
    m = None
    if mask == "bool":
        m = rng.uniform(size=(L, S)) < 0.7
        m[0, :] = False  # a fully masked row
    elif mask == "float":
        m = rng.standard_normal((qshape[0], 1, L, S) if len(qshape) == 4 else (L, S)).astype(dtype)
    got = At.ScaledDotProductAttention()(Tensor(q), Tensor(k), Tensor(v),
                                         None if m is None else Tensor(m), causal, None)
    ref = F.scaled_dot_product_attention(torch.from_numpy(q), torch.from_numpy(k), torch.from_numpy(v),
                                         None if m is None else torch.from_numpy(m), is_causal=causal)
    compare("ScaledDotProductAttention", got, ref)


def test_sdpa_scale_and_gqa(rng):
    q = rng.standard_normal((2, 8, 5, 4)).astype(np.float32)
    k = rng.standard_normal((2, 2, 6, 4)).astype(np.float32)
    v = rng.standard_normal((2, 2, 6, 3)).astype(np.float32)
    got = At.ScaledDotProductAttention()(Tensor(q), Tensor(k), Tensor(v), None, False, 0.3, True)
    ref = F.scaled_dot_product_attention(*map(torch.from_numpy, (q, k, v)), scale=0.3, enable_gqa=True)
    compare("ScaledDotProductAttention", got, ref)


@pytest.mark.parametrize("shape,g", [((2, 6, 5, 4), 3), ((1, 4, 1, 1), 2), ((3, 8, 7), 2), ((2, 5, 3, 2, 2), 1),
                                     ((1, 6, 9), 6)])
@pytest.mark.parametrize("affine", [True, False])
def test_group_norm(rng, shape, g, affine):
    x = (rng.standard_normal(shape) * 3 + 1).astype(np.float32)
    shim = N.GroupNorm(g, shape[1], eps=1e-5, affine=affine)
    ref = torch.nn.GroupNorm(g, shape[1], eps=1e-5, affine=affine)
    if affine:
        w = rng.standard_normal(shape[1]).astype(np.float32)
        b = rng.standard_normal(shape[1]).astype(np.float32)
        shim.weight.set_data(Tensor(w))
        shim.bias.set_data(Tensor(b))
        with torch.no_grad():
            ref.weight.copy_(torch.from_numpy(w))
            ref.bias.copy_(torch.from_numpy(b))
    compare("GroupNorm", shim(Tensor(x)), ref(torch.from_numpy(x)).detach())


@pytest.mark.parametrize("shape,dim", [((4, 7), 1), ((4, 7), 0), ((1, 1), -1), ((2, 3, 5), 2)])
@pytest.mark.parametrize("p", [2.0, 1.0, 3.0, float("inf")])
def test_normalize(rng, shape, dim, p):
    x = rng.standard_normal(shape).astype(np.float32)
    x.flat[0] = 0.0
    compare("Normalize", N.Normalize(p, dim)(Tensor(x)), F.normalize(torch.from_numpy(x), p, dim))
    z = np.zeros(shape, np.float32)
    compare("Normalize", N.Normalize(p, dim)(Tensor(z)), F.normalize(torch.from_numpy(z), p, dim))


@pytest.mark.parametrize("s1,s2", [((5, 3), (7, 3)), ((2, 30, 4), (2, 27, 4)), ((1, 1), (1, 1)), ((3, 4, 2), (1, 6, 2))])
@pytest.mark.parametrize("p", [2.0, 1.0, 0.5, float("inf")])
def test_cdist(rng, s1, s2, p):
    a = rng.standard_normal(s1).astype(np.float32)
    b = rng.standard_normal(s2).astype(np.float32)
    compare("Cdist", T.Cdist(p)(Tensor(a), Tensor(b)), torch.cdist(torch.from_numpy(a), torch.from_numpy(b), p))


@pytest.mark.parametrize("shape,shifts,dims", [((4, 5), 2, 0), ((4, 5), -7, 1), ((4, 5), 3, None), ((2, 3, 4), (1, -2), (0, 2)),
                                               ((1,), 5, 0), ((3, 1, 2), (4, 1), (-1, 1))])
def test_roll(rng, shape, shifts, dims):
    x = rng.standard_normal(shape).astype(np.float32)
    compare("Roll", T.Roll(shifts, dims)(Tensor(x)), torch.roll(torch.from_numpy(x), shifts, dims))


@pytest.mark.parametrize("shape,dim", [((4, 6), 1), ((4, 6), 0), ((1,), 0), ((2, 3, 5), -1)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32])
def test_reverse_cumsum(rng, shape, dim, dtype):
    x = (rng.standard_normal(shape) * 5).astype(dtype)
    t = torch.from_numpy(x)
    ref = torch.flip(torch.cumsum(torch.flip(t, [dim]), dim), [dim])
    compare("ReverseCumsum", T.ReverseCumsum(dim)(Tensor(x)), ref)
    compare("ReverseCumsum", T.ReverseCumsum(dim, exclusive=True)(Tensor(x)), ref - t)


EINSUM = [("bij,bjk->bik", [(3, 4, 5), (3, 5, 2)]), ("bhqd,bhkd->bhqk", [(2, 3, 4, 8), (2, 3, 6, 8)]),
          ("ij->ji", [(3, 4)]), ("bi,bi->b", [(5, 7), (5, 7)]), ("i,j->ij", [(3,), (4,)]),
          ("nchw,oc->nohw", [(2, 3, 4, 5), (6, 3)]), ("ij,jk->ik", [(1, 1), (1, 1)]), ("bij->b", [(2, 3, 4)]),
          ("bqk,bkd->bqd", [(1, 5, 7), (1, 7, 3)]), ("ik,jkl->ijl", [(2, 3), (4, 3, 5)]), ("ab,cd->", [(2, 3), (4, 5)])]


@pytest.mark.parametrize("eq,shapes", EINSUM, ids=[e[0] for e in EINSUM])
def test_einsum(rng, eq, shapes):
    xs = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    compare("Einsum", T.Einsum(eq)(*map(Tensor, xs)), torch.einsum(eq, *map(torch.from_numpy, xs)))


@pytest.mark.parametrize("shape", [(2, 3, 7, 6), (1, 1, 3, 3), (1, 2, 5, 9)])
@pytest.mark.parametrize("k,d,p,s", [(2, 1, 0, 1), (3, 1, 1, 2), ((2, 3), (2, 1), (1, 0), (1, 2)), (3, 1, 0, 3)])
def test_unfold(rng, shape, k, d, p, s):
    x = rng.standard_normal(shape).astype(np.float32)
    compare("Unfold", T.Unfold(k, d, p, s)(Tensor(x)), F.unfold(torch.from_numpy(x), k, d, p, s))


@pytest.mark.parametrize("shape,pad", [((2, 3, 5, 6), (1, 2, 3, 0)), ((1, 2, 7), (3, 3)), ((1, 1, 2, 3, 4), (1, 1, 1, 1, 1, 1)),
                                       ((2, 3, 4, 4), (0, 0, 2, 1))])
@pytest.mark.parametrize("mode", ["reflect", "replicate", "circular"])
def test_pad(rng, shape, pad, mode):
    x = rng.standard_normal(shape).astype(np.float32)
    compare("PadReflectReplicate", T.PadReflectReplicate(pad, mode)(Tensor(x)), F.pad(torch.from_numpy(x), pad, mode))
