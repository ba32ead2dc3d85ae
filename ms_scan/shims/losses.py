"""Loss shims composed from elementwise ops and reductions: sigmoid focal loss, label-smoothing CE.

Both avoid BinaryCrossEntropyWithLogits/LogSoftmax primitives, so they also work in double backward.
"""
from __future__ import annotations

import numpy as np
from mindspore import Tensor, nn, ops

from .activations import LogSoftmax

__all__ = ["SigmoidFocalLoss", "LabelSmoothingCrossEntropy"]


def _bce_with_logits(x, t):
    # max(x, 0) - x*t + log1p(exp(-|x|)): the stable form, built from ops with bprops of bprops.
    return ops.relu(x) - x * t + ops.log1p(ops.exp(-ops.abs(x)))


class SigmoidFocalLoss(nn.Cell):
    """Replaces MMDetection's py_sigmoid_focal_loss / torchvision.ops.sigmoid_focal_loss (the
    migration guide's worked example), with weight, reduction and avg_factor.

    loss = BCEWithLogits(pred, target) * (alpha*t + (1-alpha)*(1-t)) * pt**gamma,
    pt = (1-sigmoid(pred))*t + sigmoid(pred)*(1-t). weight may be per element, per row
    (shape (N,)) or flattened (N*C,), as in MMDetection. avg_factor divides the sum when
    reduction='mean' and is an error with 'sum'. Exact up to float rounding. Needed on every
    release (no native focal loss); second-order safe because BCE is composed.
    """

    def __init__(self, gamma=2.0, alpha=0.25, reduction="mean", avg_factor=None):
        super().__init__()
        if reduction not in ("none", "mean", "sum"):
            raise ValueError(f"unknown reduction {reduction!r}")
        if avg_factor is not None and reduction == "sum":
            raise ValueError('avg_factor can not be used with reduction="sum"')
        self.gamma = gamma
        self.alpha = alpha
        self.reduction = reduction
        self.avg_factor = avg_factor

    def construct(self, pred, target, weight=None):
        target = ops.cast(target, pred.dtype)
        p = ops.sigmoid(pred)
        pt = (1 - p) * target + p * (1 - target)
        focal_weight = (self.alpha * target + (1 - self.alpha) * (1 - target)) * ops.pow(pt, self.gamma)
        loss = _bce_with_logits(pred, target) * focal_weight
        if weight is not None:
            weight = ops.cast(weight, pred.dtype)
            if weight.shape != loss.shape:
                if weight.shape[0] == loss.shape[0] and weight.size != loss.size:
                    weight = ops.reshape(weight, (-1, 1))
                elif weight.size == loss.size:
                    weight = ops.reshape(weight, (loss.shape[0], -1))
                else:
                    raise ValueError(f"weight shape {weight.shape} does not match loss shape {loss.shape}")
            loss = loss * weight
        if self.avg_factor is None:
            if self.reduction == "mean":
                return loss.mean()
            if self.reduction == "sum":
                return loss.sum()
            return loss
        if self.reduction == "mean":
            return loss.sum() / self.avg_factor
        return loss


class LabelSmoothingCrossEntropy(nn.Cell):
    """Replaces torch.nn.CrossEntropyLoss / F.cross_entropy with label_smoothing > 0 and class-index
    targets, including weight, ignore_index and reduction ('mean' | 'sum' | 'none').

    Inputs (N, C) or (N, C, d1, ...). Follows torch's weighting: the smoothing term is
    -sum_c w_c log p_c / C, and 'mean' divides both terms by the summed target weights of the
    non-ignored items. Exact up to float rounding. Not for probability targets. Needed on releases
    whose cross_entropy lacks label_smoothing (1.x) and for double backward (LogSoftmaxGrad has no
    bprop; ops.cross_entropy crashes in 2.10 PyNative double backward).
    """

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__()
        if reduction not in ("none", "mean", "sum"):
            raise ValueError(f"unknown reduction {reduction!r}")
        self.weight = None if weight is None else Tensor(np.asarray(weight))
        self.ignore_index = ignore_index
        self.reduction = reduction
        self.eps = float(label_smoothing)
        self.log_softmax = LogSoftmax(1)

    def construct(self, logits, target):
        c = logits.shape[1]
        logp = self.log_softmax(logits)
        valid = target != self.ignore_index
        safe = ops.where(valid, target, ops.zeros_like(target))
        # compare against a class axis instead of OneHot, which rejects float64 on/off values
        classes = ops.reshape(ops.arange(c, dtype=safe.dtype), (1, c) + (1,) * (logits.ndim - 2))
        onehot = ops.cast(ops.expand_dims(safe, 1) == classes, logits.dtype)
        validf = ops.cast(valid, logits.dtype)
        if self.weight is None:
            wvec = ops.ones((c,), logits.dtype)
        else:
            wvec = ops.cast(self.weight, logits.dtype)
        wshape = (1, c) + (1,) * (logits.ndim - 2)
        w = ops.reshape(wvec, wshape)
        nll = -(onehot * logp * w).sum(1) * validf
        smooth = -(logp * w).sum(1) * validf
        if self.reduction == "none":
            return (1 - self.eps) * nll + (self.eps / c) * smooth
        if self.reduction == "sum":
            return (1 - self.eps) * nll.sum() + (self.eps / c) * smooth.sum()
        denom = ((onehot * w).sum(1) * validf).sum()
        return ((1 - self.eps) * nll.sum() + (self.eps / c) * smooth.sum()) / denom
