"""Iterative refinement (Sinkhorn-like) that loops while the error is above tolerance."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, tol=1e-3):
        super().__init__()
        self.tol = tol

    def forward(self, cost):
        p = torch.exp(-cost)
        err = torch.ones(1)
        while (err > self.tol).any():  # expect: MS204 dynamic
            p = p / p.sum(1, keepdim=True)
            p = p / p.sum(0, keepdim=True)
            err = (p.sum(1) - 1).abs().max()
        return p


def inputs():
    return (torch.rand(5, 5),)
