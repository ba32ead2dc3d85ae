"""Reshape shims against torch's shape ops."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F
from mindspore import Tensor

from ms_scan.shims import reshape as R
from shim_helpers import compare

pytestmark = pytest.mark.numerics


@pytest.mark.parametrize("shape,dim", [((1, 3, 1, 4), None), ((1, 3, 1, 4), 0), ((1, 3, 1, 4), -2),
                                       ((1, 3, 1, 4), 1), ((1, 3, 1, 4), (0, 2)), ((1,), None), ((2, 1), (-1, 0))])
def test_squeeze(rng, shape, dim):
    x = rng.standard_normal(shape).astype(np.float32)
    t = torch.from_numpy(x)
    compare("SqueezeAsReshape", R.SqueezeAsReshape(dim)(Tensor(x)), t.squeeze() if dim is None else t.squeeze(dim))


@pytest.mark.parametrize("shape,dim", [((3, 4), 0), ((3, 4), 2), ((3, 4), -1), ((3, 4), -3), ((1,), 1)])
def test_unsqueeze(rng, shape, dim):
    x = rng.standard_normal(shape).astype(np.float32)
    compare("UnsqueezeAsReshape", R.UnsqueezeAsReshape(dim)(Tensor(x)), torch.from_numpy(x).unsqueeze(dim))


@pytest.mark.parametrize("shape,s,e", [((2, 3, 4, 5), 0, -1), ((2, 3, 4, 5), 1, -1), ((2, 3, 4, 5), 1, 2),
                                       ((1, 1, 1), -2, -1), ((5,), 0, 0)])
def test_flatten(rng, shape, s, e):
    x = rng.standard_normal(shape).astype(np.float32)
    compare("FlattenAsReshape", R.FlattenAsReshape(s, e)(Tensor(x)), torch.flatten(torch.from_numpy(x), s, e))
    if s == 1 and e == -1:
        compare("FlattenAsReshape", R.FlattenAsReshape(1)(Tensor(x)), torch.nn.Flatten()(torch.from_numpy(x)))


@pytest.mark.parametrize("shape,dim,sizes", [((2, 12, 3), 1, (3, 4)), ((2, 12, 3), 1, (-1, 2)), ((6,), 0, (1, 6)),
                                             ((2, 3, 8), -1, (2, 2, 2))])
def test_unflatten(rng, shape, dim, sizes):
    x = rng.standard_normal(shape).astype(np.float32)
    compare("UnflattenAsReshape", R.UnflattenAsReshape(dim, sizes)(Tensor(x)),
            torch.nn.Unflatten(dim, sizes)(torch.from_numpy(x)))


@pytest.mark.parametrize("shape,r", [((2, 8, 3, 5), 2), ((1, 9, 1, 1), 3), ((4, 3, 2), 1), ((2, 2, 18, 2, 3), 3)])
def test_pixel_shuffle(rng, shape, r):
    x = rng.standard_normal(shape).astype(np.float32)
    y = R.PixelShuffle(r)(Tensor(x))
    compare("PixelShuffle", y, F.pixel_shuffle(torch.from_numpy(x), r))
    compare("PixelUnshuffle", R.PixelUnshuffle(r)(y), F.pixel_unshuffle(torch.from_numpy(y.asnumpy()), r))
