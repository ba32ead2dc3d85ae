"""Negative: keyframes picked with a fixed budget (top-k from __init__), re-ordered by torch.sort and gathered with a fixed-size index."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, num_keyframes: int = 4) -> None:
        super().__init__()
        self.num_keyframes = num_keyframes
        self.score = nn.Linear(3 * 8 * 8, 1)

    @torch.no_grad()
    def forward(self, frames: torch.Tensor):
        scores = self.score(frames.flatten(1)).squeeze(-1)
        top = scores.topk(self.num_keyframes).indices
        ordered, _ = torch.sort(top)
        return frames.index_select(0, ordered)


def inputs():
    return (torch.rand(12, 3, 8, 8),)
