"""Negative: single best box via boxes[scores.argmax()] and a 2-D lookup iou[r, c] with 0-d tensors."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, boxes, scores, iou):
        best = scores.argmax()
        flat = iou.argmax()
        r, c = flat // iou.shape[1], flat % iou.shape[1]
        return boxes[best], iou[r, c]


def inputs():
    return torch.rand(30, 4), torch.rand(30), torch.rand(5, 6)
