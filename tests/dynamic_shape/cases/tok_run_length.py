"""Speech/CTC decoding: collapse repeated frame labels with Tensor.unique_consecutive."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, blank=0):
        super().__init__()
        self.blank = blank

    def forward(self, log_probs):
        best = log_probs.argmax(-1)
        collapsed, counts = best.unique_consecutive(return_counts=True)  # expect: MS201 dynamic
        return collapsed, counts


def inputs():
    return (torch.randn(50, 6).log_softmax(-1),)
