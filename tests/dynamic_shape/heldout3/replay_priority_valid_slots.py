"""Prioritized replay: only filled buffer slots (priority > 0) take part in sampling; their indices via nonzero."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, batch: int = 4, alpha: float = 0.6) -> None:
        super().__init__()
        self.batch, self.alpha = batch, alpha

    def forward(self, priorities: torch.Tensor):
        filled = (priorities > 0).nonzero().squeeze(-1)  # expect: MS201 dynamic
        p = priorities[filled].pow(self.alpha)
        pick = torch.multinomial(p / p.sum(), self.batch, replacement=True)
        return filled[pick]


def inputs():
    pr = torch.rand(16)
    pr[10:] = 0
    return (pr,)
