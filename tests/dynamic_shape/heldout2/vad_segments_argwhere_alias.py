"""Energy-based voice activity detection: speech frame indices via an aliased torch.argwhere import."""
import torch
from torch import argwhere as aw
from torch import nn


class Case(nn.Module):
    def __init__(self, frame: int = 160, thresh: float = 0.5) -> None:
        super().__init__()
        self.frame, self.thresh = frame, thresh

    def forward(self, wav: torch.Tensor):
        frames = wav.unfold(-1, self.frame, self.frame)
        energy = frames.pow(2).mean(-1)
        speech = aw(energy > self.thresh * energy.mean())  # expect: MS201 dynamic
        return speech[:, -1] * self.frame


def inputs():
    return (torch.randn(1, 3200) * torch.linspace(0, 2, 3200),)
