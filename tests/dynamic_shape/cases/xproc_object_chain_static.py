"""Negative: a module-level matcher object called with a k from the config, not from the data."""
import torch
import torch.nn as nn


class TopMatcher:
    def __init__(self, k):
        self.k = k

    def match(self, cost, k):
        return cost.topk(k, dim=1, largest=False).indices


MATCHER = TopMatcher(4)


class Case(nn.Module):
    def forward(self, cost, gt_valid):
        return MATCHER.match(cost, MATCHER.k) + gt_valid.sum()


def inputs():
    return torch.rand(3, 12), torch.tensor([1, 1, 0, 1, 0])
