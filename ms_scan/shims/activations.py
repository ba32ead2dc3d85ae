"""Activation and log-sum-exp shims built from elementwise ops, so they stay twice differentiable
(the native LogSoftmax/GeLU/Elu/HSwish grads have no bprop). Not faster than the native ops."""
from __future__ import annotations

import math

from mindspore import nn, ops

__all__ = ["LogSumExp", "LogSoftmax", "GeluErf", "GeluTanh", "Elu", "Hardswish", "Softplus"]


def _shifted_lse(x, dim):
    """(x - m, log(sum(exp(x - m)))) with m = max over dim, kept dims."""
    # The max is only a shift for stability: its gradient contribution cancels exactly, so stopping
    # it keeps first and second derivatives right and keeps ArgMax-style bprops out of the graph.
    m = ops.stop_gradient(ops.ReduceMax(keep_dims=True)(x, dim))
    m = ops.where(ops.isinf(m), ops.zeros_like(m), m)  # all -inf rows give -inf, not NaN
    shifted = x - m
    # keep_dims=True on purpose: PyNative ReduceSum(keep_dims=False) gives zero second-order grads in 2.10
    return shifted, m, ops.log(ops.ReduceSum(keep_dims=True)(ops.exp(shifted), dim))


def _logsumexp(x, dim):
    _, m, lse = _shifted_lse(x, dim)
    return lse + m


class LogSumExp(nn.Cell):
    """Replaces torch.logsumexp / Tensor.logsumexp (ReduceLogSumExp) by max-shifted exp/sum/log.

    Exact up to float rounding; an all -inf slice gives -inf as in torch. Second-order safe.
    Needed on releases without ops.logsumexp (1.x) and wherever the native op's grad is not
    twice differentiable.
    """

    def __init__(self, dim, keepdim=False):
        super().__init__()
        self.dim = tuple(dim) if isinstance(dim, (tuple, list)) else (dim,)
        self.keepdim = keepdim

    def construct(self, x):
        y = _logsumexp(x, self.dim)
        if not self.keepdim:
            y = ops.reshape(y, tuple(s for i, s in enumerate(x.shape)
                                     if i not in {d % x.ndim for d in self.dim}))
        return y


class LogSoftmax(nn.Cell):
    """Replaces torch.nn.LogSoftmax / F.log_softmax by x - logsumexp(x, dim).

    Exact up to float rounding. Second-order safe: the native LogSoftmax bprop emits LogSoftmaxGrad,
    which has no bprop in MindSpore 2.x (observed on 2.10: "Illegal primitive LogSoftmaxGrad's bprop
    not defined").
    """

    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def construct(self, x):
        shifted, _, lse = _shifted_lse(x, (self.dim,))
        return shifted - lse  # same rounding order as torch: (x - max) - log(sum)


class GeluErf(nn.Cell):
    """Replaces torch.nn.GELU() / F.gelu(x) (approximate='none') by 0.5*x*(1+erf(x/sqrt(2))).

    Exact up to float rounding. Second-order safe, unlike nn.GELU() whose default approximate=True
    uses the GeLU primitive (GeLUGrad has no bprop); also fixes the silent approximate=True default
    of mindspore.nn.GELU, which differs from torch's exact default.
    """

    def construct(self, x):
        return 0.5 * x * (1.0 + ops.erf(x * (1.0 / math.sqrt(2.0))))


class GeluTanh(nn.Cell):
    """Replaces torch.nn.GELU(approximate='tanh') / F.gelu(x, approximate='tanh') (and
    mindspore.nn.GELU()'s default) by x*sigmoid(2u), u = sqrt(2/pi)*(x+0.044715*x^3), which equals
    0.5*x*(1+tanh(u)). Exact up to float rounding; second-order safe.

    sigmoid, not tanh: MindSpore 2.10's CPU float32 Tanh kernel is off by up to 1e-4 near |u|=5
    (observed), while Sigmoid stays within 1e-6.
    """

    def construct(self, x):
        inner = (2.0 * math.sqrt(2.0 / math.pi)) * (x + 0.044715 * x * x * x)
        return x * ops.sigmoid(inner)


class Elu(nn.Cell):
    """Replaces torch.nn.ELU / F.elu by where(x > 0, x, alpha*(exp(min(x, 0)) - 1)).

    Exact up to float rounding. Second-order safe (the native Elu emits EluGrad, no bprop). The
    min(x, 0) keeps the unused branch finite so gradients never see inf*0.
    """

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = alpha

    def construct(self, x):
        neg = self.alpha * (ops.exp(ops.minimum(x, ops.zeros_like(x))) - 1.0)
        return ops.where(x > 0, x, neg)


class Hardswish(nn.Cell):
    """Replaces torch.nn.Hardswish / F.hardswish by x * clip(x + 3, 0, 6) / 6.

    Exact. Needed where HSwish lacks a kernel on the target device or a second derivative is
    required (the composition is piecewise quadratic and twice differentiable almost everywhere).
    """

    def construct(self, x):
        return x * ops.clamp(x + 3.0, 0.0, 6.0) / 6.0


class Softplus(nn.Cell):
    """Replaces torch.nn.Softplus / F.softplus(beta, threshold) by a stable composition:
    linear above threshold, else (max(bx,0) + log1p(exp(-|bx|)))/beta. Exact up to rounding;
    second-order safe. MindSpore's Softplus has no beta/threshold before 2.0."""

    def __init__(self, beta=1.0, threshold=20.0):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def construct(self, x):
        bx = x * self.beta
        soft = (ops.relu(bx) + ops.log1p(ops.exp(-ops.abs(bx)))) / self.beta
        return ops.where(bx > self.threshold, x, soft)
