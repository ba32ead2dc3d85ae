"""Top-down pose loss on visible keypoints only: (x, y, v) annotations filtered by v > 0 before the L1 loss."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, num_kpts: int = 17) -> None:
        super().__init__()
        self.reg = nn.Linear(32, num_kpts * 2)

    def forward(self, feats: torch.Tensor, kpts: torch.Tensor):
        pred = self.reg(feats).view(feats.shape[0], -1, 2)
        visible = kpts[..., 2] > 0
        target_xy = kpts[visible][:, :2]  # expect: MS202 dynamic
        return (pred[visible] - target_xy).abs().mean()  # expect: MS202 dynamic


def inputs():
    kpts = torch.rand(2, 17, 3)
    kpts[..., 2] = (torch.rand(2, 17) > 0.3).float()
    return torch.randn(2, 32), kpts
