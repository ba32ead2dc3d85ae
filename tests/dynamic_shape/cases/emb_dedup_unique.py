"""Embedding de-duplication: look up each distinct id once (Tensor.unique with return_inverse)."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(100, 16)

    def forward(self, ids):
        uniq, inverse = ids.unique(return_inverse=True)  # expect: MS201 dynamic
        return self.emb(uniq)[inverse]


def inputs():
    return (torch.randint(0, 100, (4, 12)),)
