"""Negative: dense class targets built with scatter_ into a zeros tensor of known width."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, num_classes=80):
        super().__init__()
        self.num_classes = num_classes

    def forward(self, labels, ious):
        target = torch.zeros(labels.shape[0], self.num_classes)
        target.scatter_(1, labels.unsqueeze(1), ious.unsqueeze(1))
        return target


def inputs():
    return torch.randint(0, 80, (20,)), torch.rand(20)
