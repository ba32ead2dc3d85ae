"""Class-aware loss: iterate over the classes actually present in the batch via torch.unique."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, feats, labels):
        present = torch.unique(labels)  # expect: MS201 dynamic
        centers = torch.zeros(10, feats.shape[1])
        centers.index_add_(0, labels, feats)
        return centers[present]


def inputs():
    return torch.randn(16, 8), torch.randint(0, 10, (16,))
