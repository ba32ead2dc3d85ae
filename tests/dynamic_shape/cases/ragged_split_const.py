"""Negative: split a packed tensor by a constant list of section sizes from the config."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, sections=(3, 5, 2)):
        super().__init__()
        self.sections = list(sections)

    def forward(self, packed):
        chunks = torch.split(packed, self.sections)
        return torch.stack([c.mean(0) for c in chunks])


def inputs():
    return (torch.randn(10, 6),)
