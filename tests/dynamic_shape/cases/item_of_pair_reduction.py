"""Per-batch top-k where k is the smallest number of valid proposals: `.min()` then `.item()`, then topk."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, scores, valid):
        per_image = valid.long().sum(dim=1)
        k = per_image.min().item()
        best = scores.topk(k, dim=1).values  # expect: MS203 dynamic
        return best.sum()


def inputs():
    valid = torch.zeros(2, 10, dtype=torch.bool)
    valid[0, :6] = True
    valid[1, :4] = True
    return torch.randn(2, 10), valid
