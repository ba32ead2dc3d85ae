"""PointNet-style encoder: one latent code per scanned boulder."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from layers import ResidualMLPBlock


class PointCloudEncoder(nn.Module):
    def __init__(self, width=32, latent=16):
        super().__init__()
        self.point_mlp = nn.Sequential(nn.Linear(3, width), nn.ReLU6(), ResidualMLPBlock(width))
        self.to_latent = nn.Linear(width, latent)

    def forward(self, points):                          # (B, P, 3)
        feats = self.point_mlp(points)                  # (B, P, W)
        pooled = F.adaptive_max_pool1d(feats.transpose(1, 2), 1).squeeze(-1)
        return self.to_latent(pooled)                   # (B, latent)
