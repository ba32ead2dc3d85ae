import torch.nn.functional as F


def yield_loss(pred, target):
    return F.smooth_l1_loss(pred, target, beta=0.5)


def mastitis_loss(logit, target):
    return F.binary_cross_entropy_with_logits(logit, target)


TASK_LOSSES = {"yield": yield_loss, "mastitis": mastitis_loss}
