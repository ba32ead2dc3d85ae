"""Skip the regression loss when there are no positives: nonzero() feeds a Python if."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, pred, target, labels):
        pos = labels.nonzero()  # expect: MS201 dynamic
        if pos.numel() == 0:  # expect: MS204 dynamic
            return pred.sum() * 0
        return (pred - target).abs().mean()


def inputs():
    return torch.randn(10, 4), torch.randn(10, 4), torch.randint(0, 2, (10,))
