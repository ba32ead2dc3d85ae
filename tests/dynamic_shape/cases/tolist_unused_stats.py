"""Negative: per-class counts turned into a list for logging; no shape depends on them."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Case(nn.Module):
    def forward(self, logits, labels):
        counts = F.one_hot(labels, 5).sum(0)
        self.last_counts = counts.tolist()
        return F.cross_entropy(logits, labels)


def inputs():
    return torch.randn(16, 5), torch.randint(0, 5, (16,))
