"""Loss shims against torch: MMDetection's sigmoid focal loss formula and F.cross_entropy."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F
from mindspore import Tensor

from ms_scan.shims import losses as L
from shim_helpers import compare

pytestmark = pytest.mark.numerics


def torch_sigmoid_focal_loss(pred, target, weight=None, gamma=2.0, alpha=0.25, reduction="mean", avg_factor=None):
    """The MMDetection / migration-guide formula, written in torch."""
    p = pred.sigmoid()
    target = target.type_as(pred)
    pt = (1 - p) * target + p * (1 - target)
    fw = (alpha * target + (1 - alpha) * (1 - target)) * pt.pow(gamma)
    loss = F.binary_cross_entropy_with_logits(pred, target, reduction="none") * fw
    if weight is not None:
        if weight.shape != loss.shape:
            weight = weight.view(-1, 1) if weight.numel() != loss.numel() else weight.view(loss.size(0), -1)
        loss = loss * weight
    if avg_factor is None:
        return {"mean": loss.mean, "sum": loss.sum, "none": lambda: loss}[reduction]()
    return loss.sum() / avg_factor if reduction == "mean" else loss


@pytest.mark.parametrize("shape", [(3, 4), (1, 1), (16, 80), (2, 5, 3)])
@pytest.mark.parametrize("gamma,alpha,reduction,avg_factor,wkind", [
    (2.0, 0.25, "mean", None, "row"), (1.0, 0.5, "sum", None, "row"), (2.0, 0.25, "mean", 0.3, "row"),
    (2.0, 0.25, "none", None, "row"), (0.0, 0.75, "mean", None, None), (1.5, 0.25, "mean", 7.0, "full"),
    (2.0, 0.25, "none", None, "flat")])
@pytest.mark.parametrize("soft", [False, True])
def test_sigmoid_focal_loss(rng, shape, gamma, alpha, reduction, avg_factor, wkind, soft):
    if wkind in ("row", "flat") and len(shape) != 2:
        wkind = "full"  # per-row and flattened weights are (N, C)-only features in MMDetection
    pred = (rng.standard_normal(shape) * 3).astype(np.float32)
    target = rng.uniform(0, 1, shape) if soft else rng.integers(0, 2, shape)
    target = target.astype(np.float32)
    weight = {None: None, "row": rng.uniform(0, 1, shape[:1]), "full": rng.uniform(0, 1, shape),
              "flat": rng.uniform(0, 1, (int(np.prod(shape)),))}[wkind]
    weight = None if weight is None else weight.astype(np.float32)
    got = L.SigmoidFocalLoss(gamma, alpha, reduction, avg_factor)(
        Tensor(pred), Tensor(target), None if weight is None else Tensor(weight))
    ref = torch_sigmoid_focal_loss(torch.from_numpy(pred), torch.from_numpy(target),
                                   None if weight is None else torch.from_numpy(weight),
                                   gamma, alpha, reduction, avg_factor)
    # a sum (or a sum over avg_factor) of ~1,300 float32 terms: bounded relative to its size
    compare("SigmoidFocalLoss", got, ref, scaled=(reduction == "sum" or avg_factor is not None))


def test_sigmoid_focal_loss_matches_torchvision_formula(rng):
    # torchvision.ops.sigmoid_focal_loss: alpha-balanced, loss * (1 - p_t)**gamma with p_t = p*t + (1-p)*(1-t)
    pred = (rng.standard_normal((6, 7)) * 2).astype(np.float32)
    target = rng.integers(0, 2, (6, 7)).astype(np.float32)
    p, t = torch.sigmoid(torch.from_numpy(pred)), torch.from_numpy(target)
    ce = F.binary_cross_entropy_with_logits(torch.from_numpy(pred), t, reduction="none")
    p_t = p * t + (1 - p) * (1 - t)
    ref = (0.25 * t + 0.75 * (1 - t)) * ce * (1 - p_t) ** 2
    compare("SigmoidFocalLoss", L.SigmoidFocalLoss(2.0, 0.25, "none")(Tensor(pred), Tensor(target)), ref)


def test_focal_avg_factor_with_sum_raises():
    with pytest.raises(ValueError):
        L.SigmoidFocalLoss(reduction="sum", avg_factor=2.0)


@pytest.mark.parametrize("shape", [(8, 5), (1, 3), (4, 6, 3), (2, 4, 3, 5), (1, 1)])
@pytest.mark.parametrize("eps", [0.0, 0.25])
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("use_weight,ignore", [(False, False), (True, False), (True, True), (False, True)])
def test_label_smoothing_cross_entropy(rng, shape, eps, reduction, use_weight, ignore):
    n, c = shape[0], shape[1]
    logits = (rng.standard_normal(shape) * 3).astype(np.float32)
    tshape = (n,) + shape[2:]
    target = rng.integers(0, c, tshape).astype(np.int64)
    ignore_index = -100
    if ignore:
        ignore_index = 1 if c > 1 else -100
        target.flat[0] = -100 if ignore_index == -100 else 1
        if target.size > 1:
            target.flat[-1] = ignore_index
    weight = rng.uniform(0.2, 2.0, (c,)).astype(np.float32) if use_weight else None
    got = L.LabelSmoothingCrossEntropy(weight, ignore_index, reduction, eps)(Tensor(logits), Tensor(target))
    ref = F.cross_entropy(torch.from_numpy(logits), torch.from_numpy(target),
                          None if weight is None else torch.from_numpy(weight),
                          ignore_index=ignore_index, reduction=reduction, label_smoothing=eps)
    compare("LabelSmoothingCrossEntropy", got, ref, scaled=(reduction == "sum"))  # all-ignored 'mean' is NaN in both
