"""Mask-based time-domain enhancer assembled from CONFIG."""
import torch
import torch.nn as nn

from blocks import BLOCKS
from regularizers import JacobianPenaltyMixin


class Enhancer(JacobianPenaltyMixin, nn.Module):
    def __init__(self, cfg):
        super().__init__()
        c, frame = cfg["channels"], cfg["frame"]
        self.frame = frame
        separator = [BLOCKS[name](c, cfg["hidden"], **kw) for name, kw in cfg["blocks"]]
        self.stages = nn.ModuleDict({
            "encoder": nn.Conv1d(1, c, frame, stride=frame, bias=False),
            "separator": nn.Sequential(*separator),
            "mask": nn.Sequential(nn.Conv1d(c, c, 1), nn.Sigmoid()),
            "decoder": nn.Linear(c, frame, bias=False),
        })
        self.upsample = nn.Upsample(scale_factor=2, mode="nearest")  # bandwidth extension (off)

    def forward(self, noisy):
        w = self.stages["encoder"](noisy.unsqueeze(1))            # (B, C, T/frame)
        m = self.stages["mask"](self.stages["separator"](w))
        frames = self.stages["decoder"]((w * m).transpose(1, 2))  # (B, T/frame, frame)
        return frames.reshape(noisy.shape[0], -1)
