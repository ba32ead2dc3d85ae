"""RPN proposal filter with a multi-line nonzero over a combined score and size condition."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, min_size=1.0, thr=0.05):
        super().__init__()
        self.min_size, self.thr = min_size, thr

    def forward(self, proposals, scores):
        wh = proposals[:, 2:] - proposals[:, :2]
        keep = torch.nonzero(  # expect: MS201 dynamic
            (scores > self.thr)
            & (wh[:, 0] >= self.min_size)
            & (wh[:, 1] >= self.min_size),
            as_tuple=False,
        ).squeeze(1)
        return proposals[keep], scores[keep]


def inputs():
    xy = torch.rand(50, 2) * 10
    return torch.cat([xy, xy + torch.rand(50, 2) * 4], 1), torch.rand(50)
