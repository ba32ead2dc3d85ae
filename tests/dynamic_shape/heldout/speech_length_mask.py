"""Negative: conv subsampling updates lengths arithmetically; the pad mask uses arange(T) from shape."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv1d(4, 4, kernel_size=3, stride=2, padding=1)

    def forward(self, feats, lengths):
        x = self.conv(feats.transpose(1, 2)).transpose(1, 2)
        lengths = (lengths - 1) // 2 + 1
        T = x.size(1)
        pad_mask = torch.arange(T)[None, :] >= lengths[:, None]
        return x.masked_fill(pad_mask[..., None], 0.0), lengths


def inputs():
    return torch.randn(3, 20, 4), torch.tensor([20, 13, 7])
