"""Encoder / decoder for windows of unicycle IMU data (accelerometer + gyroscope)."""
import torch.nn as nn
import torch.nn.functional as F


def make_norm(kind, channels, num_groups=4):
    if kind == "group":
        return nn.GroupNorm(num_groups, channels)
    if kind == "layer":
        return nn.LayerNorm(channels)
    return nn.Identity()


class WobbleEncoder(nn.Module):
    def __init__(self, in_channels, channels, latent_dim, act="relu", norm="none", num_groups=4):
        super().__init__()
        self.act_fn = getattr(F, act)
        self.convs = nn.ModuleList()
        self.norms = nn.ModuleList()
        cin = in_channels
        for cout in channels:
            self.convs.append(nn.Conv1d(cin, cout, 3, padding=1, stride=2))
            self.norms.append(make_norm(norm, cout, num_groups))
            cin = cout
        self.to_latent = nn.Linear(cin, latent_dim)

    def forward(self, x):
        for conv, norm in zip(self.convs, self.norms):
            x = self.act_fn(norm(conv(x)))
        return self.to_latent(x.mean(dim=-1))


class WobbleDecoder(nn.Module):
    def __init__(self, latent_dim, out_channels, length):
        super().__init__()
        self.out_channels, self.length = out_channels, length
        self.net = nn.Sequential(nn.Linear(latent_dim, 64), nn.Hardswish(), nn.Linear(64, out_channels * length))

    def forward(self, z):
        return self.net(z).view(-1, self.out_channels, self.length)
