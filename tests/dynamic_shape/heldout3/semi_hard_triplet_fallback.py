"""FaceNet semi-hard triplet loss with a fallback: if no semi-hard negative exists in the batch, use the hardest one."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, margin: float = 0.3) -> None:
        super().__init__()
        self.margin = margin

    def forward(self, anchor: torch.Tensor, positive: torch.Tensor, negatives: torch.Tensor):
        d_ap = (anchor - positive).pow(2).sum(-1, keepdim=True)
        d_an = torch.cdist(anchor, negatives).pow(2)
        semi = (d_an > d_ap) & (d_an < d_ap + self.margin)
        if semi.any():  # expect: MS204 dynamic
            d_neg = d_an.masked_fill(~semi, float("inf")).min(-1, keepdim=True).values
        else:
            d_neg = d_an.min(-1, keepdim=True).values
        return (d_ap - d_neg + self.margin).clamp(min=0).mean()


def inputs():
    return torch.randn(4, 8), torch.randn(4, 8), torch.randn(10, 8)
