"""Class histogram with bincount(minlength=C): minlength is a floor, not a cap, so length is data."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.num_classes = num_classes

    def forward(self, labels):
        hist = torch.bincount(labels, minlength=self.num_classes)  # expect: MS201 dynamic
        return hist.float() / labels.numel()


def inputs():
    return (torch.randint(0, 10, (64,)),)
