"""CRNN text-line batching: images resized to a fixed height and a width set by the widest aspect ratio in the batch."""
import torch
import torch.nn.functional as F
from torch import nn


class Case(nn.Module):
    def __init__(self, height: int = 16) -> None:
        super().__init__()
        self.height = height

    def forward(self, img: torch.Tensor, widths: torch.Tensor, heights: torch.Tensor):
        ratio = (widths / heights).max()
        target_w = int(ratio * self.height)
        return F.interpolate(img, size=(self.height, target_w), mode="bilinear", align_corners=False)  # expect: MS203 dynamic


def inputs():
    return torch.randn(2, 1, 20, 60), torch.tensor([60.0, 45.0]), torch.tensor([20.0, 20.0])
