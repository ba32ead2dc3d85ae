"""Loss masking: average a per-pixel loss over the valid pixels selected by a boolean mask."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Case(nn.Module):
    def forward(self, pred, target, valid):
        loss = F.smooth_l1_loss(pred, target, reduction="none")
        return loss[valid].mean()  # expect: MS202 dynamic


def inputs():
    return torch.randn(4, 32), torch.randn(4, 32), torch.rand(4, 32) > 0.3
