"""Negative: scores under the threshold are zeroed with masked_fill, so the box count stays 100."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, score_thr=0.3):
        super().__init__()
        self.score_thr = score_thr

    def forward(self, boxes, scores):
        # a nonzero() here would make the output ragged; masked_fill keeps it dense
        low = scores <= self.score_thr
        scores = scores.masked_fill(low, 0.0)
        return boxes * (~low).unsqueeze(1), scores


def inputs():
    return torch.rand(100, 4), torch.rand(100)
