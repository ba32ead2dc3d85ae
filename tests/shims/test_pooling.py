"""Pooling shims against torch.nn pooling on CPU."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F
from mindspore import Tensor

from ms_scan.shims import pooling as P
from shim_helpers import compare

pytestmark = pytest.mark.numerics

SHAPES = [(2, 3, 7, 5), (1, 1, 1, 1), (1, 4, 6, 9), (3, 8, 8)]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_adaptive_to_1(rng, shape, dtype):
    x = rng.standard_normal(shape).astype(dtype)
    compare("AdaptiveAvgPool2dTo1", P.AdaptiveAvgPool2dTo1()(Tensor(x)),
            F.adaptive_avg_pool2d(torch.from_numpy(x), 1))
    compare("AdaptiveMaxPool2dTo1", P.AdaptiveMaxPool2dTo1()(Tensor(x)),
            F.adaptive_max_pool2d(torch.from_numpy(x), (1, 1)))


@pytest.mark.parametrize("shape,out", [((2, 3, 8, 6), (4, 3)), ((1, 2, 9, 9), 3), ((1, 2, 12, 4), (2, None))])
def test_adaptive_strided_divisible(rng, shape, out):
    x = rng.standard_normal(shape).astype(np.float32)
    compare("AdaptiveAvgPool2dStrided", P.AdaptiveAvgPool2dStrided(out)(Tensor(x)),
            F.adaptive_avg_pool2d(torch.from_numpy(x), out))
    compare("AdaptiveMaxPool2dStrided", P.AdaptiveMaxPool2dStrided(out)(Tensor(x)),
            F.adaptive_max_pool2d(torch.from_numpy(x), out))


def test_adaptive_strided_not_divisible(rng):
    x = rng.standard_normal((1, 2, 5, 7)).astype(np.float32)
    with pytest.raises(ValueError):
        P.AdaptiveAvgPool2dStrided(3)(Tensor(x))
    with pytest.raises(ValueError):
        P.AdaptiveMaxPool2dStrided((2, 3))(Tensor(x))
    # strict=False runs, but torch's uneven bins differ from a fixed kernel: document, don't hide.
    approx = P.AdaptiveAvgPool2dStrided(3, strict=False)(Tensor(x)).asnumpy()
    ref = F.adaptive_avg_pool2d(torch.from_numpy(x), 3).numpy()
    assert approx.shape == ref.shape
    assert np.abs(approx - ref).max() > 1e-3


@pytest.mark.parametrize("shape,out", [((2, 3, 7, 5), (3, 2)), ((1, 1, 10, 13), (4, 6)), ((1, 2, 1, 1), 3),
                                       ((3, 5, 9), (7, 4)), ((2, 3, 8, 8), 8), ((1, 2, 6, 11), (None, 5))])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_adaptive_bins(rng, shape, out, dtype):
    x = rng.standard_normal(shape).astype(dtype)
    compare("AdaptiveAvgPool2dBins", P.AdaptiveAvgPool2dBins(out)(Tensor(x)),
            F.adaptive_avg_pool2d(torch.from_numpy(x), out))
    compare("AdaptiveMaxPool2dBins", P.AdaptiveMaxPool2dBins(out)(Tensor(x)),
            F.adaptive_max_pool2d(torch.from_numpy(x), out))


@pytest.mark.parametrize("shape", [(2, 3, 7, 5), (1, 1, 4, 4), (1, 2, 9, 12), (3, 6, 6)])
@pytest.mark.parametrize("k,s,p,ceil", [(2, None, 0, False), (3, 2, 1, False), (3, 2, 1, True),
                                        ((2, 3), (2, 1), (1, 0), True), (2, 2, 0, True)])
def test_maxpool_no_indices(rng, shape, k, s, p, ceil):
    x = rng.standard_normal(shape).astype(np.float32)
    got = P.MaxPool2dNoIndices(k, s, p, ceil_mode=ceil)(Tensor(x))
    ref = F.max_pool2d(torch.from_numpy(x), k, s, p, ceil_mode=ceil)
    compare("MaxPool2dNoIndices", got, ref)


@pytest.mark.parametrize("shape", [(2, 3, 7, 5), (1, 1, 4, 4), (1, 2, 9, 12), (3, 6, 6)])
@pytest.mark.parametrize("k,s,p,ceil,cip,div", [(2, None, 0, False, True, None), (3, 2, 1, False, True, None),
                                                (3, 2, 1, True, False, None), ((2, 3), (2, 1), (1, 0), True, True, None),
                                                (3, 3, 1, True, False, None), (2, 1, 1, False, True, 3)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_avgpool_second_order_forward(rng, shape, k, s, p, ceil, cip, div, dtype):
    x = rng.standard_normal(shape).astype(dtype)
    got = P.AvgPool2dSecondOrder(k, s, p, ceil, cip, div)(Tensor(x))
    ref = F.avg_pool2d(torch.from_numpy(x), k, s, p, ceil, cip, div)
    compare("AvgPool2dSecondOrder", got, ref)
