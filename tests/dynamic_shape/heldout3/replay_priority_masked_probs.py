"""Negative: prioritized replay where empty slots get probability zero by a multiply, fixed batch from multinomial, IS weights."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, batch: int = 4, alpha: float = 0.6, beta: float = 0.4) -> None:
        super().__init__()
        self.batch, self.alpha, self.beta = batch, alpha, beta

    def forward(self, priorities: torch.Tensor):
        filled = (priorities > 0).float()
        p = priorities.clamp(min=1e-6).pow(self.alpha) * filled
        probs = p / p.sum()
        idx = torch.multinomial(probs, self.batch, replacement=True)
        n = filled.sum().clamp(min=1.0)
        weights = (n * probs[idx]).pow(-self.beta)
        return idx, weights / weights.max()


def inputs():
    pr = torch.rand(16)
    pr[10:] = 0
    return (pr,)
