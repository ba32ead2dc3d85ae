"""Negative: index_put_ with a boolean mask and a scalar value (shape unchanged)."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, cost, in_center):
        c = cost.clone()
        c.index_put_((~in_center,), torch.tensor(1e5))
        return c


def inputs():
    return torch.rand(3, 40), torch.rand(3, 40) > 0.5
