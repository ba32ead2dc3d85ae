"""Negative: the same pad helper fed only static sizes (config max length, x.shape); an `if self.training:` branch adds noise."""
import torch
import torch.nn.functional as F
from torch import nn


def pad_to(x, length):
    return F.pad(x, (0, length - x.shape[-1]))


class Case(nn.Module):
    def __init__(self, max_len: int = 16, noise: float = 0.01) -> None:
        super().__init__()
        self.max_len, self.noise = max_len, noise

    def forward(self, a: torch.Tensor, b: torch.Tensor, lengths: torch.Tensor):
        if self.training:
            a = a + self.noise * torch.randn_like(a)
        mask = (torch.arange(a.shape[-1]) < lengths[:, None]).float()
        padded = [pad_to(a * mask, self.max_len), pad_to(b * mask, b.shape[-1] + 6)]
        return torch.stack(padded)


def inputs():
    return torch.randn(2, 10), torch.randn(2, 10), torch.tensor([7, 9])
