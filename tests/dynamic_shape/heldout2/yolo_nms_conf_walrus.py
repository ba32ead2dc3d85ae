"""YOLOv5 non_max_suppression head: candidates by objectness, then an early exit on how many survived."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, conf_thres: float = 0.25) -> None:
        super().__init__()
        self.conf_thres = conf_thres

    def forward(self, prediction: torch.Tensor):
        xc = prediction[..., 4] > self.conf_thres
        x = prediction[0]
        x = x[xc[0]]  # expect: MS202 dynamic
        if not (n := x.shape[0]):  # expect: MS204 dynamic
            return prediction.new_zeros((0, 6))
        x[:, 5:] *= x[:, 4:5]
        conf, j = x[:, 5:].max(1, keepdim=True)
        return torch.cat((x[:, :4], conf, j.float()), 1) * n


def inputs():
    return (torch.rand(1, 64, 9),)
