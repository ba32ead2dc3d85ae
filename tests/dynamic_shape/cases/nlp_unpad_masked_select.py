"""Padding removal in NLP: pack the non-pad hidden states with Tensor.masked_select."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, hidden, attention_mask):
        b, s, h = hidden.shape
        packed = hidden.masked_select(attention_mask.bool().unsqueeze(-1))  # expect: MS201 dynamic
        return packed.view(-1, h)


def inputs():
    mask = torch.ones(2, 8, dtype=torch.long)
    mask[0, 5:] = 0
    return torch.randn(2, 8, 4), mask
