"""ATSS-like candidate pick with a walrus: the count of positives becomes a Python int and a bound."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, ious: torch.Tensor) -> torch.Tensor:
        thr = ious.mean() + ious.std()
        ranked = ious.flatten().sort(descending=True).values
        if (n := int((ious >= thr).sum())) > 0:  # expect: MS204 dynamic
            return ranked[:n]  # expect: MS203 dynamic
        return ranked[:1]


def inputs():
    return (torch.rand(3, 40),)
