"""Interpolation shims against F.interpolate."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F
from mindspore import Tensor

from ms_scan.shims import interpolate as I
from shim_helpers import compare

pytestmark = pytest.mark.numerics

CASES = [((2, 3, 5, 7), dict(size=(9, 4))), ((1, 1, 1, 1), dict(size=(3, 2))), ((1, 2, 4, 6), dict(scale_factor=2)),
         ((2, 1, 7, 3), dict(scale_factor=(0.5, 1.7))), ((1, 3, 8, 8), dict(size=(8, 8))),
         ((1, 3, 6, 5), dict(size=(1, 11))), ((1, 2, 6, 9), dict(scale_factor=1.5)), ((1, 1, 10, 3), dict(size=(3, 10)))]


@pytest.mark.parametrize("shape,kw", CASES)
@pytest.mark.parametrize("align", [False, True])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_bilinear_bicubic(rng, shape, kw, align, dtype):
    x = rng.standard_normal(shape).astype(dtype)
    t = torch.from_numpy(x)
    compare("InterpolateBilinear", I.InterpolateBilinear(align_corners=align, **kw)(Tensor(x)),
            F.interpolate(t, mode="bilinear", align_corners=align, **kw))
    compare("InterpolateBicubic", I.InterpolateBicubic(align_corners=align, **kw)(Tensor(x)),
            F.interpolate(t, mode="bicubic", align_corners=align, **kw))


@pytest.mark.parametrize("shape,kw", CASES + [((1, 1, 5, 3), dict(size=(3, 7))), ((1, 1, 3, 3), dict(scale_factor=2.5))])
@pytest.mark.parametrize("mode", ["nearest", "nearest-exact"])
def test_nearest(rng, shape, kw, mode):
    x = rng.standard_normal(shape).astype(np.float32)
    compare("InterpolateNearest", I.InterpolateNearest(mode=mode, **kw)(Tensor(x)),
            F.interpolate(torch.from_numpy(x), mode=mode, **kw))


def test_upsampling_modules(rng):
    x = rng.standard_normal((1, 2, 3, 4)).astype(np.float32)
    t = torch.from_numpy(x)
    compare("InterpolateBilinear", I.InterpolateBilinear(scale_factor=2, align_corners=True)(Tensor(x)),
            torch.nn.UpsamplingBilinear2d(scale_factor=2)(t))
    compare("InterpolateNearest", I.InterpolateNearest(size=(5, 9))(Tensor(x)),
            torch.nn.UpsamplingNearest2d(size=(5, 9))(t))
