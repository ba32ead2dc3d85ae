"""CTC forced-alignment post-processing: token segment starts where the Viterbi path changes label (one-arg where alias)."""
import torch
from torch import where as W
from torch import nn


class Case(nn.Module):
    def forward(self, emissions: torch.Tensor):
        path = emissions.argmax(-1)
        changed = torch.ones_like(path, dtype=torch.bool)
        changed[1:] = path[1:] != path[:-1]
        starts = W(changed & (path != 0))[0]  # expect: MS201 dynamic
        return starts, path


def inputs():
    return (torch.randn(30, 6),)
