"""Expand each sequence embedding to its tokens with repeat_interleave on per-sample counts."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, seq_emb, lengths):
        per_token = seq_emb.repeat_interleave(lengths, dim=0)  # expect: MS201 dynamic
        return per_token.sum(-1)


def inputs():
    return torch.randn(3, 8), torch.tensor([2, 4, 1])
