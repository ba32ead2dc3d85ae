"""Negative: utterance embedding by a length-masked mean (multiply by the mask, divide by the clamped count)."""
import torch as T
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 16) -> None:
        super().__init__()
        self.encoder = nn.GRU(dim, dim, batch_first=True)

    def forward(self, feats: T.Tensor, lengths: T.Tensor):
        hidden, _ = self.encoder(feats)
        mask = (T.arange(hidden.shape[1]).unsqueeze(0) < lengths.unsqueeze(1)).to(hidden.dtype)
        summed = (hidden * mask.unsqueeze(-1)).sum(1)
        count = mask.sum(1, keepdim=True).clamp(min=1.0)
        return summed / count


def inputs():
    return T.randn(3, 10, 16), T.tensor([10, 6, 2])
