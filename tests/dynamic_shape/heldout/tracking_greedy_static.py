"""Negative: tracker association by greedy matching for a fixed number of rounds with masked_fill."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, max_rounds: int = 5, iou_thr: float = 0.3) -> None:
        super().__init__()
        self.max_rounds, self.iou_thr = max_rounds, iou_thr

    def forward(self, iou):
        iou = iou.masked_fill(iou < self.iou_thr, 0.0)
        match = torch.full((iou.shape[0],), -1, dtype=torch.long)
        for _ in range(self.max_rounds):
            flat = iou.argmax()
            r, c = flat // iou.shape[1], flat % iou.shape[1]
            ok = iou[r, c] > 0
            match = match.index_put((r[None],), torch.where(ok, c, match[r])[None])
            iou = iou.index_fill(0, r[None], 0.0).index_fill(1, c[None], 0.0)
        return match


def inputs():
    return (torch.rand(6, 8),)
