"""Negative: `if x.numel() == 0` and `if x.shape[-1] != 4` test static sizes, not values."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, boxes):
        if boxes.numel() == 0:
            return boxes.new_zeros(0, 4)
        if boxes.shape[-1] != 4:
            boxes = boxes[..., :4]
        return boxes * 2


def inputs():
    return (torch.rand(10, 5),)
