"""Segmentation inference: logits resized back to the original image size stored in the batch meta tensor."""
import torch
import torch.nn.functional as F
from torch import nn


class Case(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.head = nn.Conv2d(8, 3, 1)

    def forward(self, feats: torch.Tensor, ori_shape: torch.Tensor):
        logits = self.head(feats)
        ori_h, ori_w = ori_shape[0].tolist()
        logits = F.interpolate(  # expect: MS203 dynamic
            logits,
            size=(ori_h, ori_w),
            mode="bilinear",
            align_corners=False,
        )
        return logits.argmax(1)


def inputs():
    return torch.randn(1, 8, 16, 16), torch.tensor([[60, 45]])
