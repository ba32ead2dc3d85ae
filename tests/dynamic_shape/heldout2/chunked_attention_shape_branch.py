"""Negative: long-sequence chunking decided by x.size(1) vs a config limit; loops over a static chunk count."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, max_tokens: int = 8) -> None:
        super().__init__()
        self.max_tokens = max_tokens
        self.attn = nn.MultiheadAttention(8, 2, batch_first=True)

    def forward(self, x: torch.Tensor):
        if x.size(1) <= self.max_tokens:
            return self.attn(x, x, x, need_weights=False)[0]
        outs = []
        n_chunks = (x.size(1) + self.max_tokens - 1) // self.max_tokens
        i = 0
        while i < n_chunks:
            chunk = x[:, i * self.max_tokens:(i + 1) * self.max_tokens]
            outs.append(self.attn(chunk, chunk, chunk, need_weights=False)[0])
            i += 1
        return torch.cat(outs, 1)


def inputs():
    return (torch.randn(2, 20, 8),)
