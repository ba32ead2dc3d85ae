"""Detection post-processing: keep boxes whose score passes a threshold via nonzero()."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, score_thr=0.3):
        super().__init__()
        self.score_thr = score_thr

    def forward(self, boxes, scores):
        keep = torch.nonzero(scores > self.score_thr).squeeze(1)  # expect: MS201 dynamic
        return boxes[keep], scores[keep]


def inputs():
    return torch.rand(100, 4), torch.rand(100)
