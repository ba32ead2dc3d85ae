import torch.nn.functional as F


def range_loss(pred, target):
    return F.smooth_l1_loss(pred, target, beta=0.5)
