"""Negative: sentence-transformers mean pooling: mask expanded and multiplied in, sum over the static length."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, token_embeddings: torch.Tensor, attention_mask: torch.Tensor):
        input_mask_expanded = attention_mask.unsqueeze(-1).expand(token_embeddings.size()).float()
        sum_embeddings = torch.sum(token_embeddings * input_mask_expanded, 1)
        sum_mask = torch.clamp(input_mask_expanded.sum(1), min=1e-9)
        pooled = sum_embeddings / sum_mask
        max_pooled = token_embeddings.masked_fill(attention_mask[..., None] == 0, -1e9).amax(1)
        return torch.cat([pooled, max_pooled], -1)


def inputs():
    mask = torch.zeros(3, 12, dtype=torch.long)
    mask[0, :5] = 1
    mask[1, :9] = 1
    mask[2, :7] = 1
    return torch.randn(3, 12, 16), mask
