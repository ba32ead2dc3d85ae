"""Critic and generator for 16x16 crops of sign-written gold-leaf letters."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from .layers import critic_block, upsample_block


class LetterCritic(nn.Module):
    """Wasserstein critic: reflect-padded conv blocks, each followed by 2x2 average pooling."""

    def __init__(self, channels=(1, 16, 32, 64), groups=4):
        super().__init__()
        pairs = list(zip(channels[:-1], channels[1:]))
        self.blocks = nn.Sequential(*[critic_block(ci, co, groups=groups) for ci, co in pairs])
        self.head = nn.Linear(channels[-1], 1)

    @classmethod
    def from_config(cls, cfg):
        return cls(channels=tuple(cfg["channels"]), groups=cfg.get("groups", 4))

    @property
    def trunk(self):
        return self.blocks

    def features(self, x):
        h = x
        for block in self.trunk:
            h = block(h)
            h = F.avg_pool2d(h, kernel_size=2)
        return h.mean(dim=(2, 3))

    def forward(self, x):
        return self.head(self.features(x)).squeeze(-1)


class StrokeGenerator(nn.Module):
    """z -> 4x4 feature map -> two nearest-upsampling blocks -> 16x16 letter crop."""

    def __init__(self, z_dim=32, base=64, out_channels=1):
        super().__init__()
        self.z_dim, self.base = z_dim, base
        self.fc = nn.Linear(z_dim, base * 4 * 4)
        widths = [base, base // 2, base // 4]
        self.ups = nn.Sequential(*[upsample_block(a, b) for a, b in zip(widths[:-1], widths[1:])])
        self.to_img = nn.Conv2d(widths[-1], out_channels, kernel_size=3, padding=1)

    @classmethod
    def from_config(cls, cfg):
        return cls(z_dim=cfg["z_dim"], base=cfg.get("base", 64))

    def sample_z(self, n, device="cpu"):
        return torch.randn(n, self.z_dim, device=device)

    def forward(self, z):
        h = self.fc(z).view(-1, self.base, 4, 4)
        return torch.tanh(self.to_img(self.ups(h)))
