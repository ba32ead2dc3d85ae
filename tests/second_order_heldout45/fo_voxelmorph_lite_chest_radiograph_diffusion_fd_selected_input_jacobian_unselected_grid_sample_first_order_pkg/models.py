"""U-Net-lite flow predictor and the spatial transformer (grid_sample)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_block(cin, cout, groups, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride=stride, padding=1), nn.GroupNorm(groups, cout), nn.LeakyReLU(0.2))


class FlowUNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        b, g = cfg.base, cfg.norm_groups
        self.enc1 = conv_block(2, b, g)
        self.enc2 = conv_block(b, 2 * b, g, stride=2)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.dec = conv_block(3 * b, b, g)
        self.flow = nn.Conv2d(b, 2, 3, padding=1)
        nn.init.normal_(self.flow.weight, std=1e-3)
        nn.init.zeros_(self.flow.bias)

    def forward(self, moving, fixed):
        e1 = self.enc1(torch.cat([moving, fixed], dim=1))
        e2 = self.enc2(e1)
        return self.flow(self.dec(torch.cat([self.up(e2), e1], dim=1)))


class SpatialTransformer(nn.Module):
    def __init__(self, size):
        super().__init__()
        ys, xs = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
        self.register_buffer("identity", torch.stack([xs, ys], dim=-1)[None])

    def forward(self, moving, flow):
        grid = self.identity + flow.permute(0, 2, 3, 1)
        return F.grid_sample(moving, grid, mode="bilinear", padding_mode="border", align_corners=True)
