"""Count positives with len(t.nonzero()) and use the count as a slice bound."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, scores, labels):
        num_pos = len(labels.nonzero())  # expect: MS201 dynamic
        ranked = scores.sort(descending=True).values
        return ranked[:num_pos]  # expect: MS203 dynamic


def inputs():
    return torch.rand(40), torch.randint(0, 2, (40,))
