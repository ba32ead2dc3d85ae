"""YOLO/DETR post-processing: a score column of the input boxes is thresholded into a mask and a branch."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, dets: torch.Tensor):
        conf = dets[dets[:, 4] > 0.25]  # expect: MS202 dynamic
        if dets[0, 4] > 0.9:  # expect: MS204 dynamic
            conf = conf * 2
        return conf


def inputs():
    return (torch.rand(20, 6),)
