"""Frame-level cross-entropy of an ASR encoder: padded frames are dropped with a length mask before the loss."""
import torch as T
import torch.nn.functional as F
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 16, vocab: int = 12) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, vocab)

    def forward(self, feats: T.Tensor, lengths: T.Tensor, targets: T.Tensor):
        logits = self.proj(feats)
        valid = T.arange(feats.size(1))[None, :] < lengths[:, None]
        frame_logits = logits[valid]  # expect: MS202 dynamic
        return F.cross_entropy(frame_logits, targets[valid], reduction="sum")  # expect: MS202 dynamic


def inputs():
    return T.randn(3, 10, 16), T.tensor([10, 7, 4]), T.randint(0, 12, (3, 10))
