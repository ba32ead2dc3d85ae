"""Double gradients (gradient-penalty style) through the second-order shims, against torch float64,
and what the native MindSpore 2.10 op does on this machine (CPU, PyNative)."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F
import mindspore as ms
from mindspore import Tensor, nn, ops

from ms_scan.shims import activations as A
from ms_scan.shims import pooling as P
from shim_helpers import compare

pytestmark = pytest.mark.numerics
TOL64 = 1e-6  # MindSpore's float64 erf/exp on CPU are accurate to ~1e-8, not to double precision


def ms_penalty_grad(f, x, w):
    """d/dx sum((d/dx sum(f(x) * w))**2), the shape of an R1 / WGAN-GP penalty."""
    wt = Tensor(w)
    first = ms.grad(lambda t: (f(t) * wt).sum())
    return ms.grad(lambda t: (first(t) ** 2).sum())(Tensor(x))


def torch_penalty_grad(f, x, w):
    xt = torch.tensor(x, requires_grad=True)
    g, = torch.autograd.grad((f(xt) * torch.from_numpy(w)).sum(), xt, create_graph=True)
    return torch.autograd.grad((g ** 2).sum(), xt)[0]


def _case(rng, shape, out_shape=None):
    x = rng.standard_normal(shape) * 2.0
    w = rng.standard_normal(out_shape or shape)
    return x, w


SHIMS = [
    ("LogSoftmax", lambda: A.LogSoftmax(-1), lambda t: F.log_softmax(t, -1), None),
    ("LogSoftmax", lambda: A.LogSoftmax(1), lambda t: F.log_softmax(t, 1), None),
    ("LogSumExp", lambda: A.LogSumExp(-1), lambda t: torch.logsumexp(t, -1), lambda s: s[:-1]),
    ("GeluErf", A.GeluErf, F.gelu, None),
    ("GeluTanh", A.GeluTanh, lambda t: F.gelu(t, approximate="tanh"), None),
    ("Elu", lambda: A.Elu(0.7), lambda t: F.elu(t, 0.7), None),
    ("Hardswish", A.Hardswish, F.hardswish, None),
    ("Softplus", A.Softplus, F.softplus, None),
]


@pytest.mark.parametrize("name,make,ref,out", SHIMS, ids=[s[0] + str(i) for i, s in enumerate(SHIMS)])
@pytest.mark.parametrize("shape", [(3, 5), (1, 1), (2, 4, 3)])
def test_shim_double_grad_matches_torch(rng, name, make, ref, out, shape):
    x, w = _case(rng, shape, out(shape) if out else None)
    compare(f"{name} d2", ms_penalty_grad(make(), x, w), torch_penalty_grad(ref, x, w), tol=TOL64)
    x32, w32 = x.astype(np.float32), w.astype(np.float32)
    compare(f"{name} d2 [f32 vs torch f64]", ms_penalty_grad(make(), x32, w32),
            torch_penalty_grad(ref, x, w).numpy(), tol=1e-4)


@pytest.mark.parametrize("k,s,p,ceil,cip", [(2, None, 0, False, True), (3, 2, 1, True, False)])
def test_avgpool_double_grad(rng, k, s, p, ceil, cip):
    x, _ = _case(rng, (2, 3, 7, 6))
    ref = lambda t: F.avg_pool2d(t, k, s, p, ceil, cip)  # noqa: E731
    w = rng.standard_normal(tuple(ref(torch.from_numpy(x)).shape))
    # The shim is linear, so the penalty gradient is 0; compare a non-linear use too.
    compare("AvgPool2dSecondOrder d2", ms_penalty_grad(P.AvgPool2dSecondOrder(k, s, p, ceil, cip), x, w),
            torch_penalty_grad(ref, x, w), tol=TOL64)
    shim = P.AvgPool2dSecondOrder(k, s, p, ceil, cip)
    compare("AvgPool2dSecondOrder d2", ms_penalty_grad(lambda t: A.GeluErf()(shim(t * t)), x, w),
            torch_penalty_grad(lambda t: F.gelu(ref(t * t)), x, w), tol=TOL64)


def test_adaptive_avg_bins_double_grad(rng):
    x, _ = _case(rng, (1, 2, 7, 5))
    w = rng.standard_normal((1, 2, 3, 2))
    compare("AdaptiveAvgPool2dBins d2",
            ms_penalty_grad(lambda t: P.AdaptiveAvgPool2dBins((3, 2))(t * t * t), x, w),
            torch_penalty_grad(lambda t: F.adaptive_avg_pool2d(t * t * t, (3, 2)), x, w), tol=TOL64)


# ---- what the native MindSpore ops do (observed on MindSpore 2.10.0 CPU PyNative) ----

NATIVE_FAILS = [
    ("ops.log_softmax", lambda t: ops.log_softmax(t, -1), "LogSoftmaxGrad"),
    ("nn.LogSoftmax", lambda t: nn.LogSoftmax(-1)(t), "LogSoftmaxGrad"),
    ("nn.GELU() default approximate=True", lambda t: nn.GELU()(t), "GeLUGrad"),
    ("ops.gelu(approximate='tanh')", lambda t: ops.gelu(t, "tanh"), "GeLUGrad"),
    ("nn.ELU", lambda t: nn.ELU()(t), "EluGrad"),
    ("ops.hardswish", lambda t: ops.hardswish(t), "HSwishGrad"),
    ("nn.AvgPool2d", lambda t: nn.AvgPool2d(2, 2)(ops.reshape(t, (1, 1, 4, 4)) ** 2), "AvgPoolGrad"),
]


@pytest.mark.parametrize("label,fn,grad_prim", NATIVE_FAILS, ids=[n[0] for n in NATIVE_FAILS])
def test_native_op_has_no_second_order(rng, label, fn, grad_prim):
    x = rng.standard_normal((4, 4))
    out_shape = tuple(fn(Tensor(x)).shape)
    w = rng.standard_normal(out_shape)
    with pytest.raises(Exception, match=f"Illegal primitive {grad_prim}'s bprop not defined"):
        ms_penalty_grad(fn, x, w)


def test_native_exact_gelu_is_second_order_capable(rng):
    # nn.GELU(approximate=False) is an Erf composition in 2.10, so it works; GeluErf is still the
    # portable choice for releases and for the default approximate=True trap.
    x, w = _case(rng, (3, 5))
    compare("native nn.GELU(approximate=False) d2", ms_penalty_grad(nn.GELU(approximate=False), x, w),
            torch_penalty_grad(F.gelu, x, w), tol=TOL64)


def test_native_logsumexp_double_grad_is_silently_wrong(rng):
    # Observed on 2.10 CPU PyNative: no error, but values differ from torch; the shim matches.
    x, _ = _case(rng, (3, 5))
    w = rng.standard_normal((3,))
    ref = torch_penalty_grad(lambda t: torch.logsumexp(t, -1), x, w).numpy()
    native = ms_penalty_grad(lambda t: ops.logsumexp(t, -1), x, w).asnumpy()
    assert np.abs(native - ref).max() > 1e-3
    compare("LogSumExp d2", ms_penalty_grad(A.LogSumExp(-1), x, w), ref, tol=TOL64)


def test_pynative_double_grad_through_a_view_on_two_paths_is_wrong(rng):
    # Observed on 2.10 CPU: x reaching the output directly and through Transpose/Reshape gives wrong
    # double-backward values in PyNative (no error); the same graph under mindspore.jit is right.
    # This is why Einsum (transposes its operands) is not flagged second_order_safe and why the
    # attention shim uses BatchMatMul(transpose_b=True) instead of swapaxes.
    x, w = _case(rng, (4, 4))
    ref = torch_penalty_grad(lambda t: t * t.T, x, w).numpy()
    pynative = ms_penalty_grad(lambda t: t * ops.transpose(t, (1, 0)), x, w).asnumpy()
    assert np.abs(pynative - ref).max() > 1e-3
    wt = Tensor(w)

    def loss(u):
        return (u * ops.transpose(u, (1, 0)) * wt).sum()

    first = ms.grad(loss)

    def penalty(t):
        return (first(t) ** 2).sum()

    jitted = ms.jit(ms.grad(penalty))(Tensor(x))
    compare("transpose-on-two-paths d2 under jit", jitted, ref, tol=TOL64)


def test_einsum_shim_double_grad_is_wrong_in_pynative(rng):
    from ms_scan.shims.tensor_ops import Einsum
    x, _ = _case(rng, (2, 5, 6))
    w = rng.standard_normal((2, 5, 5))
    ref = torch_penalty_grad(lambda t: torch.einsum("bij,bkj->bik", t, t * t), x, w).numpy()
    got = ms_penalty_grad(lambda t: Einsum("bij,bkj->bik")(t, t * t), x, w).asnumpy()
    assert np.abs(got - ref).max() > 1e-3


def test_native_resize_bilinear_has_no_second_order(rng):
    x = rng.standard_normal((1, 1, 3, 4))
    w = rng.standard_normal((1, 1, 5, 7))
    fn = lambda t: ops.interpolate(t * t, size=(5, 7), mode="bilinear", align_corners=False)  # noqa: E731
    with pytest.raises(Exception, match="Illegal primitive ResizeBilinearGrad's bprop not defined"):
        ms_penalty_grad(fn, x.astype(np.float32), w.astype(np.float32))
