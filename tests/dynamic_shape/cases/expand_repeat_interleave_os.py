"""Negative: repeat_interleave with tensor repeats but an explicit output_size known up front."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, total_tokens=12):
        super().__init__()
        self.total_tokens = total_tokens

    def forward(self, seq_emb, lengths):
        return seq_emb.repeat_interleave(lengths, dim=0, output_size=self.total_tokens)


def inputs():
    return torch.randn(3, 8), torch.tensor([5, 4, 3])
