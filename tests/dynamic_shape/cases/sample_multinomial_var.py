"""Negative mining: draw three negatives per positive with multinomial, so the draw count is data."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, neg_scores, labels):
        num_pos = int((labels > 0).sum())
        num_neg = num_pos * 3 + 1
        probs = neg_scores.softmax(0)
        picked = torch.multinomial(probs, num_neg, replacement=True)  # expect: MS203 dynamic
        return neg_scores[picked]


def inputs():
    return torch.randn(40), torch.randint(0, 3, (40,))
