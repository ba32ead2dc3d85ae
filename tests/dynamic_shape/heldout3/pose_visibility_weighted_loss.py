"""Negative: keypoint MSE weighted by the visibility flag (multiply by mask, divide by the clamped visible count)."""
import torch as T
from torch import nn


class Case(nn.Module):
    def __init__(self, num_kpts: int = 17) -> None:
        super().__init__()
        self.reg = nn.Linear(32, num_kpts * 2)

    def forward(self, feats: T.Tensor, kpts: T.Tensor):
        pred = self.reg(feats).view(feats.shape[0], -1, 2)
        vis = (kpts[..., 2:] > 0).to(pred.dtype)
        num_vis = vis.sum().clamp(min=1.0)
        return ((pred - kpts[..., :2]) ** 2 * vis).sum() / num_vis


def inputs():
    kpts = T.rand(2, 17, 3)
    kpts[..., 2] = (T.rand(2, 17) > 0.3).float()
    return T.randn(2, 32), kpts
