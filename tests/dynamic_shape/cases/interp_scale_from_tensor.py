"""Feature upsampling whose target size is computed from a scale stored in a tensor."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Case(nn.Module):
    def forward(self, feat, scale):
        s = int(scale)
        h, w = feat.shape[-2:]
        return F.interpolate(feat, size=(h * s, w * s), mode="nearest")  # expect: MS203 dynamic


def inputs():
    return torch.randn(1, 2, 8, 8), torch.tensor(2)
