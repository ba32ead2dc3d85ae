"""Negative: random temporal crop with a tensor offset gathered by index_select over a fixed window length."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, win: int = 16) -> None:
        super().__init__()
        self.win = win

    def forward(self, wav: torch.Tensor, offset: torch.Tensor):
        max_start = wav.size(-1) - self.win
        start = offset.clamp(0, max_start)
        idx = start + torch.arange(self.win)
        crop = torch.index_select(wav, -1, idx)
        return crop * torch.hann_window(self.win)


def inputs():
    return torch.randn(2, 100), torch.tensor(37)
