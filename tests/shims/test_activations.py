"""Activation and log-sum-exp shims against torch (forward values)."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F
from mindspore import Tensor

from ms_scan.shims import activations as A
from shim_helpers import compare

pytestmark = pytest.mark.numerics

SHAPES = [(4, 7), (1, 1), (2, 3, 5), (1, 6, 1, 3)]


def _x(rng, shape, dtype, scale=3.0):
    return (rng.standard_normal(shape) * scale).astype(dtype)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_elementwise(rng, shape, dtype):
    x = _x(rng, shape, dtype)
    t = torch.from_numpy(x)
    compare("GeluErf", A.GeluErf()(Tensor(x)), F.gelu(t))
    compare("GeluTanh", A.GeluTanh()(Tensor(x)), F.gelu(t, approximate="tanh"))
    compare("Elu", A.Elu()(Tensor(x)), F.elu(t))
    compare("Elu", A.Elu(0.3)(Tensor(x)), F.elu(t, 0.3))
    compare("Hardswish", A.Hardswish()(Tensor(x)), F.hardswish(t))
    compare("Softplus", A.Softplus()(Tensor(x)), F.softplus(t))
    compare("Softplus", A.Softplus(2.0, 5.0)(Tensor(x)), F.softplus(t, 2.0, 5.0))


def test_elementwise_extremes():
    x = np.array([-1e4, -88.0, -20.0, -3.0, -1e-7, 0.0, 1e-7, 3.0, 20.0, 88.0, 1e4], np.float32)
    t = torch.from_numpy(x)
    compare("GeluErf", A.GeluErf()(Tensor(x)), F.gelu(t))
    compare("GeluTanh", A.GeluTanh()(Tensor(x)), F.gelu(t, approximate="tanh"))
    compare("Elu", A.Elu()(Tensor(x)), F.elu(t))
    compare("Hardswish", A.Hardswish()(Tensor(x)), F.hardswish(t))
    compare("Softplus", A.Softplus()(Tensor(x)), F.softplus(t))


@pytest.mark.parametrize("shape,dim", [((4, 7), -1), ((4, 7), 0), ((1, 1), 1), ((2, 3, 5), 1), ((1, 6, 1, 3), -1)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_log_softmax_and_logsumexp(rng, shape, dim, dtype):
    x = _x(rng, shape, dtype, scale=10.0)
    t = torch.from_numpy(x)
    compare("LogSoftmax", A.LogSoftmax(dim)(Tensor(x)), F.log_softmax(t, dim))
    compare("LogSumExp", A.LogSumExp(dim)(Tensor(x)), torch.logsumexp(t, dim))
    compare("LogSumExp", A.LogSumExp(dim, keepdim=True)(Tensor(x)), torch.logsumexp(t, dim, keepdim=True))


def test_logsumexp_multi_dim_and_inf(rng):
    x = _x(rng, (2, 3, 4), np.float32)
    t = torch.from_numpy(x)
    compare("LogSumExp", A.LogSumExp((0, 2))(Tensor(x)), torch.logsumexp(t, (0, 2)))
    x[0, 1, :] = -np.inf
    x[1, 2, 0] = np.inf
    t = torch.from_numpy(x)
    compare("LogSumExp", A.LogSumExp(-1)(Tensor(x)), torch.logsumexp(t, -1))
    big = np.array([[1000.0, 1000.0, -1000.0]], np.float32)
    compare("LogSoftmax", A.LogSoftmax(-1)(Tensor(big)), F.log_softmax(torch.from_numpy(big), -1))
