"""Nucleus sampling written with index lists: the kept token ids are read out of the sorted ids with the cumulative-probability mask."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, top_p: float = 0.8) -> None:
        super().__init__()
        self.top_p = top_p

    def forward(self, logits: torch.Tensor):
        probs = logits.softmax(-1)
        sorted_probs, sorted_ids = probs.sort(descending=True)
        cum = sorted_probs.cumsum(-1)
        keep = sorted_ids[cum - sorted_probs < self.top_p]  # expect: MS202 dynamic
        kept_probs = probs[keep]
        choice = torch.multinomial(kept_probs / kept_probs.sum(), 1)
        return keep[choice]


def inputs():
    return (torch.randn(50) * 3,)
