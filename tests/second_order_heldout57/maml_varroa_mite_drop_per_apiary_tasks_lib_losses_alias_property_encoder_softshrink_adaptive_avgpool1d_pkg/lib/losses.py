"""Losses for the per-apiary meta-learner (imported as `import lib.losses as L`)."""
import torch
import torch.nn.functional as F


def support_loss(pred, target, beta=0.5):
    """Inner-loop loss on the support days; robust to boards that were not cleaned for a week."""
    return F.smooth_l1_loss(pred, target, beta=beta)


def query_loss(pred, target, beta=0.5):
    """Outer (meta) loss on the query days of the same apiary."""
    return F.smooth_l1_loss(pred, target, beta=beta)


def count_mae(pred, target):
    """MAE in mites per day (targets are log1p counts)."""
    return (torch.expm1(pred).clamp_min(0) - torch.expm1(target)).abs().mean()
