"""Pretrained-style conv backbone; frozen during meta-training and only used to build inputs."""
import torch.nn as nn
import torch.nn.functional as F


class VenationBackbone(nn.Module):
    def __init__(self, out_dim=32):
        super().__init__()
        self.c1 = nn.Conv2d(3, 16, 3, padding=1)
        self.g1 = nn.GroupNorm(4, 16)
        self.c2 = nn.Conv2d(16, out_dim, 3, padding=1)
        self.g2 = nn.GroupNorm(4, out_dim)

    def forward(self, x):
        h = F.avg_pool2d(F.relu(self.g1(self.c1(x))), 2)
        h = F.avg_pool2d(F.relu(self.g2(self.c2(h))), 2)
        return h.mean(dim=(2, 3))
