"""Every catalogue entry with second_order_safe=true gets a double-gradient check against torch
(float64); this file is the judge for that flag."""
import json
from importlib import resources

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from mindspore import Tensor

from ms_scan.shims import activations as A, attention as At, interpolate as I, losses as L
from ms_scan.shims import normalization as N, pooling as P, reshape as R, tensor_ops as T
from shim_helpers import compare
from test_second_order import TOL64, ms_penalty_grad, torch_penalty_grad

pytestmark = pytest.mark.numerics

_Y = np.random.default_rng(7).standard_normal((2, 4, 3)) * 0.5      # a fixed second operand
_LOGITS_T = np.array([0, 2, 1, -100, 4, 3])                           # class ids with one ignored


def _cube(f):
    return lambda t: f(t * t * t)


# name -> (input shape, MindSpore fn, torch fn); nonlinear pre-maps make linear shims' second grads non-zero
CASES = {
    "AdaptiveAvgPool2dTo1": ((2, 3, 4, 5), _cube(P.AdaptiveAvgPool2dTo1()), _cube(lambda t: F.adaptive_avg_pool2d(t, 1))),
    "AdaptiveAvgPool2dBins": ((1, 2, 7, 5), _cube(P.AdaptiveAvgPool2dBins((3, 2))), _cube(lambda t: F.adaptive_avg_pool2d(t, (3, 2)))),
    "AvgPool2dSecondOrder": ((1, 2, 7, 6), _cube(P.AvgPool2dSecondOrder(3, 2, 1, True, False)),
                             _cube(lambda t: F.avg_pool2d(t, 3, 2, 1, True, False))),
    "SqueezeAsReshape": ((1, 3, 1, 4), _cube(R.SqueezeAsReshape()), _cube(torch.squeeze)),
    "UnsqueezeAsReshape": ((3, 4), _cube(R.UnsqueezeAsReshape(1)), _cube(lambda t: t.unsqueeze(1))),
    "FlattenAsReshape": ((2, 3, 4), _cube(R.FlattenAsReshape(1)), _cube(lambda t: t.flatten(1))),
    "UnflattenAsReshape": ((2, 6), _cube(R.UnflattenAsReshape(1, (2, 3))), _cube(lambda t: t.unflatten(1, (2, 3)))),
    "PixelShuffle": ((1, 8, 2, 3), _cube(R.PixelShuffle(2)), _cube(lambda t: F.pixel_shuffle(t, 2))),
    "PixelUnshuffle": ((1, 2, 4, 6), _cube(R.PixelUnshuffle(2)), _cube(lambda t: F.pixel_unshuffle(t, 2))),
    "LogSumExp": ((3, 5), A.LogSumExp(-1), lambda t: torch.logsumexp(t, -1)),
    "LogSoftmax": ((3, 5), A.LogSoftmax(-1), lambda t: F.log_softmax(t, -1)),
    "GeluErf": ((3, 5), A.GeluErf(), F.gelu),
    "GeluTanh": ((3, 5), A.GeluTanh(), lambda t: F.gelu(t, approximate="tanh")),
    "Elu": ((3, 5), A.Elu(0.7), lambda t: F.elu(t, 0.7)),
    "Hardswish": ((3, 5), A.Hardswish(), F.hardswish),
    "Softplus": ((3, 5), A.Softplus(2.0, 5.0), lambda t: F.softplus(t, 2.0, 5.0)),
    "SigmoidFocalLoss": ((4, 3), lambda t: L.SigmoidFocalLoss(2.0, 0.25, "none")(t, Tensor(np.eye(4, 3))),
                         lambda t: _torch_focal(t, torch.from_numpy(np.eye(4, 3)))),
    "LabelSmoothingCrossEntropy": ((6, 5), lambda t: L.LabelSmoothingCrossEntropy(
        Tensor(np.linspace(0.5, 1.5, 5)), -100, "none", 0.2)(t, Tensor(_LOGITS_T)),
        lambda t: F.cross_entropy(t, torch.from_numpy(_LOGITS_T), torch.from_numpy(np.linspace(0.5, 1.5, 5)),
                                  reduction="none", label_smoothing=0.2)),
    "InterpolateBilinear": ((1, 2, 3, 4), _cube(I.InterpolateBilinear((5, 7))),
                            _cube(lambda t: F.interpolate(t, (5, 7), mode="bilinear"))),
    "InterpolateBicubic": ((1, 2, 4, 4), _cube(I.InterpolateBicubic((5, 3), align_corners=True)),
                           _cube(lambda t: F.interpolate(t, (5, 3), mode="bicubic", align_corners=True))),
    "ScaledDotProductAttention": ((2, 4, 5), lambda t: At.ScaledDotProductAttention()(t, t * t, Tensor(_Y), None, True),
                                  lambda t: F.scaled_dot_product_attention(t, t * t, torch.from_numpy(_Y), is_causal=True)),
    "GroupNorm": ((2, 4, 3), N.GroupNorm(2, 4), lambda t: F.group_norm(t, 2, eps=1e-5)),
    "Normalize": ((3, 4), N.Normalize(2.0, 1), lambda t: F.normalize(t, 2.0, 1)),
    "Roll": ((3, 4), _cube(T.Roll((1, -1), (0, 1))), _cube(lambda t: torch.roll(t, (1, -1), (0, 1)))),
    "ReverseCumsum": ((3, 4), _cube(T.ReverseCumsum(1)), _cube(lambda t: torch.flip(torch.cumsum(torch.flip(t, [1]), 1), [1]))),
    "Unfold": ((1, 2, 4, 5), _cube(T.Unfold(2, 1, 1, 2)), _cube(lambda t: F.unfold(t, 2, 1, 1, 2))),
    "PadReflectReplicate": ((1, 2, 4, 5), _cube(T.PadReflectReplicate((1, 2, 2, 1), "reflect")),
                            _cube(lambda t: F.pad(t, (1, 2, 2, 1), mode="reflect"))),
}


def ops_swap(t):
    from mindspore import ops
    return ops.swapaxes(t, 1, 2)


def _torch_focal(pred, target, gamma=2.0, alpha=0.25):
    p = pred.sigmoid()
    pt = (1 - p) * target + p * (1 - target)
    fw = (alpha * target + (1 - alpha) * (1 - target)) * pt.pow(gamma)
    return F.binary_cross_entropy_with_logits(pred, target, reduction="none") * fw


def _second_order_names():
    entries = json.loads(resources.files("ms_scan.shims").joinpath("catalog.json").read_text())
    return sorted(e["name"] for e in entries if e["second_order_safe"])


def test_every_second_order_safe_entry_has_a_case():
    assert sorted(CASES) == _second_order_names()


@pytest.mark.parametrize("name", _second_order_names())
def test_second_order_safe_flag(name):
    shape, ms_fn, torch_fn = CASES[name]
    rng = np.random.default_rng(len(name))
    x = rng.standard_normal(shape)
    w = rng.standard_normal(tuple(torch_fn(torch.from_numpy(x)).shape))
    got = ms_penalty_grad(ms_fn, x, w)
    ref = torch_penalty_grad(torch_fn, x, w)
    assert np.abs(ref.numpy()).max() > 1e-6, "degenerate case: torch's double gradient is zero"
    compare(f"{name} d2 (catalogue)", got, ref, tol=TOL64)
