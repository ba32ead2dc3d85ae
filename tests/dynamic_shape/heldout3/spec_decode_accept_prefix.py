"""Speculative decoding: the accepted draft prefix length (cumprod of matches) bounds the slice of tokens appended."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, draft_tokens: torch.Tensor, target_logits: torch.Tensor):
        target_tokens = target_logits.argmax(-1)
        matches = (draft_tokens == target_tokens[:, :-1]).int()
        accepted = matches.cumprod(-1).sum(-1)
        n = int(accepted.min())
        return target_tokens[:, : n + 1]  # expect: MS203 dynamic


def inputs():
    logits = torch.randn(2, 5, 10)
    draft = logits.argmax(-1)[:, :-1].clone()
    draft[0, 2] = (draft[0, 2] + 1) % 10
    return draft, logits
