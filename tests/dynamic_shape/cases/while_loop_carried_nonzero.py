"""Greedy cluster peeling: the candidate set shrinks through nonzero() at the end of each pass, the loop test reads its size."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, points):
        remaining = torch.arange(points.shape[0])
        centers = []
        while remaining.shape[0] > 0:  # expect: MS204 dynamic
            seed = points[remaining[0]]
            centers.append(seed)
            dist = (points[remaining] - seed).norm(dim=-1)
            far = torch.nonzero(dist > 0.8).squeeze(1)  # expect: MS201 dynamic
            remaining = remaining.index_select(0, far)
        return torch.stack(centers)


def inputs():
    return (torch.rand(10, 2) * 2,)
