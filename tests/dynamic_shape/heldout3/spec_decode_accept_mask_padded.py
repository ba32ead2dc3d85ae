"""Negative: speculative decoding with fixed-width output: tokens past the accepted prefix are replaced by pad via masked_fill."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, pad_id: int = 0) -> None:
        super().__init__()
        self.pad_id = pad_id

    def forward(self, draft_tokens: torch.Tensor, target_logits: torch.Tensor):
        target_tokens = target_logits.argmax(-1)
        matches = (draft_tokens == target_tokens[:, :-1]).int()
        accepted = matches.cumprod(-1).sum(-1, keepdim=True)
        positions = torch.arange(target_tokens.shape[1]).expand_as(target_tokens)
        out = target_tokens.masked_fill(positions > accepted, self.pad_id)
        return out, accepted.squeeze(-1) + 1


def inputs():
    logits = torch.randn(2, 5, 10)
    draft = logits.argmax(-1)[:, :-1].clone()
    draft[0, 2] = (draft[0, 2] + 1) % 10
    return draft, logits
