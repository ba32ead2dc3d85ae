"""Semantic-segmentation CE that drops ignore_index pixels by boolean indexing before the loss."""
import torch
import torch.nn.functional as F
from torch import nn


class Case(nn.Module):
    ignore_index = 255

    def forward(self, logits: torch.Tensor, target: torch.Tensor):
        n, c = logits.shape[:2]
        flat_logits = logits.permute(0, 2, 3, 1).reshape(-1, c)
        flat_target = target.reshape(-1)
        valid = flat_target != self.ignore_index
        return F.cross_entropy(flat_logits[valid], flat_target[valid])  # expect: MS202 dynamic


def inputs():
    t = torch.randint(0, 4, (2, 8, 8))
    t[:, :2] = 255
    return torch.randn(2, 4, 8, 8), t
