"""DynamicViT-like inference pruning: keep as many tokens as pass the score, sorted by score."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 8, keep_thr: float = 0.5) -> None:
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.keep_thr = keep_thr

    def forward(self, tokens):
        s = self.score(tokens).squeeze(-1).sigmoid()  # [B, N]
        order = s.argsort(dim=1, descending=True)
        len_keep = int((s > self.keep_thr).sum(1).max())
        ids_keep = order[:, :len_keep]  # expect: MS203 dynamic
        return torch.gather(tokens, 1, ids_keep[..., None].expand(-1, -1, tokens.shape[-1]))


def inputs():
    return (torch.randn(2, 20, 8),)
