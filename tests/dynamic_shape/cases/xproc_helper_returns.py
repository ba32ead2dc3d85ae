"""Detection post-processing split into helpers: one returns a validity mask, one returns a count."""
import torch
from torch import nn


class Case(nn.Module):
    def _valid(self, boxes):
        return (boxes[:, 2] > boxes[:, 0]) & (boxes[:, 3] > boxes[:, 1])

    def _num_confident(self, scores):
        return int((scores > 0.5).sum())

    def forward(self, boxes, scores):
        good = boxes[self._valid(boxes)]  # expect: MS202 dynamic
        n = self._num_confident(scores)
        top = scores.sort(descending=True).values[:n]  # expect: MS203 dynamic
        return good, top


def inputs():
    return torch.rand(30, 4), torch.rand(30)
