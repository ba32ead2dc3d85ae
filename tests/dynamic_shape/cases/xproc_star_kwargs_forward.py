"""Decorator-style wrapper passing *args/**kwargs to the real crop: the crop length is a mask count from the caller."""
import torch
import torch.nn as nn


def crop_tokens(hidden, length, start=0):
    return hidden[:, start:length]  # expect: MS203 dynamic


def logged(*args, **kwargs):
    return crop_tokens(*args, **kwargs)


class Case(nn.Module):
    def forward(self, hidden, attention_mask):
        longest = int(attention_mask.sum(dim=1).max())
        return logged(hidden, length=longest).mean()


def inputs():
    mask = torch.zeros(2, 10, dtype=torch.long)
    mask[0, :7] = 1
    mask[1, :4] = 1
    return torch.randn(2, 10, 8), mask
