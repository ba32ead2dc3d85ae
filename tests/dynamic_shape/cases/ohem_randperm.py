"""OHEM sampler: shuffle the negatives with randperm sized by the number of negatives found."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, loss, labels):
        num_neg = int((labels == 0).sum())
        perm = torch.randperm(num_neg)  # expect: MS203 dynamic
        return perm.float().mean() + loss.mean()


def inputs():
    return torch.rand(32), torch.randint(0, 2, (32,))
