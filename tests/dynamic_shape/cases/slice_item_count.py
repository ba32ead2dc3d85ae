"""Keep the first n sorted detections, where n is the count of boxes above threshold (.item())."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, boxes, scores):
        order = scores.argsort(descending=True)
        n = (scores > 0.5).sum().item()
        top = order[:n]  # expect: MS203 dynamic
        return boxes[top]


def inputs():
    return torch.rand(64, 4), torch.rand(64)
