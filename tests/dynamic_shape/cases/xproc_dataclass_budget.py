"""Token-pruning budget carried in a dataclass: the kept count is read out of the scores, then used as a slice bound."""
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class Budget:
    keep: int
    temperature: float = 1.0


class Case(nn.Module):
    def forward(self, tokens, scores):
        plan = Budget(int((scores > 0.5).sum()), 0.5)
        ordered = tokens[scores.argsort(descending=True)]
        fixed = Budget(keep=tokens.shape[0] // 2)
        return ordered[: plan.keep] * plan.temperature, ordered[: fixed.keep]  # expect: MS203 dynamic


def inputs():
    return torch.randn(10, 4), torch.rand(10)
