"""Random negative ids: torch.randint with a size taken from the number of positives."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, labels, num_items):
        k = int((labels > 0).sum())
        neg = torch.randint(0, int(num_items), (k,))  # expect: MS203 dynamic
        return neg


def inputs():
    return torch.randint(0, 2, (20,)), torch.tensor(1000)
