"""Negative: SpecAugment time masking as in torchaudio mask_along_axis: random start/width compared to an arange, then masked_fill."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, max_width: int = 6, num_masks: int = 2) -> None:
        super().__init__()
        self.max_width = max_width
        self.num_masks = num_masks

    def forward(self, spec: torch.Tensor):
        frames = torch.arange(spec.size(-1))
        for _ in range(self.num_masks):
            width = torch.rand(spec.size(0), 1) * self.max_width
            start = torch.rand(spec.size(0), 1) * (spec.size(-1) - width)
            mask = (frames >= start) & (frames < start + width)
            spec = spec.masked_fill(mask.unsqueeze(1), 0.0)
        return spec


def inputs():
    return (torch.randn(2, 8, 40),)
