"""OCR recogniser output: character ids whose confidence passes a threshold, via Tensor.masked_select."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 16, charset: int = 30, thresh: float = 0.3) -> None:
        super().__init__()
        self.head = nn.Linear(dim, charset)
        self.thresh = thresh

    def forward(self, seq_feats: torch.Tensor):
        probs = self.head(seq_feats).softmax(-1)
        conf, chars = probs.max(-1)
        kept = chars.masked_select(  # expect: MS201 dynamic
            conf > self.thresh
        )
        return kept


def inputs():
    return (torch.randn(2, 12, 16) * 3,)
