"""Loss guard `if torch.isnan(loss).any(): raise`: export calls any tensor-valued branch dynamic."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Case(nn.Module):
    def forward(self, pred, target):
        loss = F.mse_loss(pred, target)
        if torch.isnan(loss).any():  # expect: MS204 dynamic
            raise FloatingPointError("loss is NaN")
        return loss


def inputs():
    return torch.randn(4, 3), torch.randn(4, 3)
