"""Negative: token merging with r = int(ratio * N) from the static token count, then topk/gather."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, ratio: float = 0.25) -> None:
        super().__init__()
        self.ratio = ratio

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, c = x.shape
        r = int(self.ratio * n)
        a, bb = x[:, ::2], x[:, 1::2]
        sim = a @ bb.transpose(1, 2)
        node_max, _ = sim.max(-1)
        keep = node_max.topk(a.shape[1] - r, dim=-1, largest=False).indices
        return torch.cat([a.gather(1, keep[..., None].expand(-1, -1, c)), bb], 1)


def inputs():
    return (torch.randn(2, 16, 8),)
