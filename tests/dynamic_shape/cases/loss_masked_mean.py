"""Negative: masked mean loss by multiplying with the mask and dividing by its clamped sum."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Case(nn.Module):
    def forward(self, pred, target, valid):
        loss = F.smooth_l1_loss(pred, target, reduction="none")
        w = valid.float()
        return (loss * w).sum() / w.sum().clamp(min=1.0)


def inputs():
    return torch.randn(4, 32), torch.randn(4, 32), torch.rand(4, 32) > 0.3
