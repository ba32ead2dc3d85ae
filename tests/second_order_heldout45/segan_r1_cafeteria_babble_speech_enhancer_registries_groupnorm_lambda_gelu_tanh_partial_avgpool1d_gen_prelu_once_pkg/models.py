"""Generator (waveform U-Net with a latent bottleneck) and conditional discriminator."""
import torch
import torch.nn as nn

from registry import build_act, build_norm


class DownBlock(nn.Module):
    def __init__(self, cin, cout, kernel, norm, act, pool):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, kernel, padding=kernel // 2)
        self.norm = build_norm(norm, cout)
        self.act = build_act(act)
        self.pool = nn.AvgPool1d(pool)

    def forward(self, x):
        return self.pool(self.act(self.norm(self.conv(x))))


class Discriminator(nn.Module):
    """Scores (candidate, noisy) pairs; the candidate is clean or enhanced speech."""

    def __init__(self, cfg):
        super().__init__()
        ch = list(cfg.channels)
        ch[0] = 2 * ch[0]
        self.blocks = nn.Sequential(*[DownBlock(a, b, cfg.kernel, cfg.norm, cfg.act, cfg.pool)
                                      for a, b in zip(ch[:-1], ch[1:])])
        self.head = nn.Conv1d(ch[-1], 1, 1)

    def forward(self, x, noisy):
        h = self.blocks(torch.cat([x, noisy], dim=1))
        return self.head(h).mean(dim=(1, 2))


class Generator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        c0, c1, c2 = cfg.channels
        k = cfg.kernel
        self.z_channels = cfg.z_channels
        self.enc1 = nn.Sequential(nn.Conv1d(c0, c1, k, stride=2, padding=k // 2), nn.PReLU(c1))
        self.enc2 = nn.Sequential(nn.Conv1d(c1, c2, k, stride=2, padding=k // 2), nn.PReLU(c2))
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.dec2 = nn.Sequential(nn.Conv1d(c2 + cfg.z_channels, c1, k, padding=k // 2), nn.PReLU(c1))
        self.dec1 = nn.Conv1d(2 * c1, c0, k, padding=k // 2)

    def forward(self, noisy):
        e1 = self.enc1(noisy)
        e2 = self.enc2(e1)
        z = torch.randn(e2.shape[0], self.z_channels, e2.shape[2])
        d2 = self.dec2(self.up(torch.cat([e2, z], dim=1)))
        return torch.tanh(self.dec1(self.up(torch.cat([d2, e1], dim=1))))
