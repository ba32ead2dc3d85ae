"""Negative: HF-style position ids from a cumsum of the attention mask, pads filled with 1."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, attention_mask):
        position_ids = attention_mask.long().cumsum(-1) - 1
        position_ids.masked_fill_(attention_mask == 0, 1)
        return position_ids


def inputs():
    return (torch.tensor([[0, 0, 1, 1, 1], [1, 1, 1, 1, 1]]),)
