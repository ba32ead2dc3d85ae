"""Negative: branches on Python config flags set in the constructor, not on tensor values."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, use_cls_token=False, mode="mean"):
        super().__init__()
        self.use_cls_token, self.mode = use_cls_token, mode

    def forward(self, tokens):
        if self.use_cls_token:
            tokens = tokens[:, 1:]
        if self.mode == "mean":
            return tokens.mean(1)
        return tokens.max(1).values


def inputs():
    return (torch.randn(2, 9, 4),)
