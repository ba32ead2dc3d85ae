"""Negative: MAE random masking; len_keep = int(L * (1 - ratio)) comes from the shape, not data."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, mask_ratio: float = 0.75) -> None:
        super().__init__()
        self.mask_ratio = mask_ratio

    def forward(self, x, noise):
        n, l, d = x.shape
        len_keep = int(l * (1 - self.mask_ratio))
        ids_shuffle = torch.argsort(noise, dim=1)
        ids_restore = torch.argsort(ids_shuffle, dim=1)
        ids_keep = ids_shuffle[:, :len_keep]
        x_masked = torch.gather(x, 1, ids_keep.unsqueeze(-1).repeat(1, 1, d))
        mask = torch.ones(n, l)
        mask[:, :len_keep] = 0
        return x_masked, torch.gather(mask, 1, ids_restore)


def inputs():
    return torch.randn(2, 16, 8), torch.rand(2, 16)
