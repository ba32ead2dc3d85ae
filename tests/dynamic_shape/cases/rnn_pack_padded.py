"""Padding removal for an LSTM with pack_padded_sequence over per-sample lengths."""
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence


class Case(nn.Module):
    def forward(self, x, lengths):
        packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)  # expect: MS201 dynamic
        return packed.data.sum(0)


def inputs():
    return torch.randn(3, 7, 4), torch.tensor([7, 3, 5])
