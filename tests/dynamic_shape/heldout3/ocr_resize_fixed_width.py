"""Negative: text-line resize to a configured height with the width kept from x.shape, then padded to a configured max width."""
import torch
import torch.nn.functional as F
from torch import nn

OCR_CFG = {"height": 16, "max_width": 64}


class Case(nn.Module):
    def __init__(self, cfg: dict = OCR_CFG) -> None:
        super().__init__()
        self.cfg = cfg

    def forward(self, img: torch.Tensor):
        h, w = img.shape[-2:]
        new_w = min(self.cfg["max_width"], w * self.cfg["height"] // h)
        img = F.interpolate(img, size=(self.cfg["height"], new_w), mode="bilinear", align_corners=False)
        return F.pad(img, (0, self.cfg["max_width"] - new_w), value=0.0)


def inputs():
    return (torch.randn(2, 1, 20, 60),)
