"""Generator and discriminator; activations are looked up on torch.nn.functional by name."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class RingGenerator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        w = cfg.g_width
        self.fc = nn.Linear(cfg.z_dim, w * 4 * 4)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.c1 = nn.Conv2d(w, w, 3, padding=1)
        self.c2 = nn.Conv2d(w, 1, 3, padding=1)
        self.act = getattr(F, cfg.g_act)
        self.w = w

    def forward(self, z):
        h = self.fc(z).view(-1, self.w, 4, 4)
        h = self.act(self.c1(self.up(h)))
        return torch.tanh(self.c2(self.up(h)))


class RingDiscriminator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        w = cfg.d_width
        self.c1 = nn.Conv2d(1, w, 3, padding=1)
        self.c2 = nn.Conv2d(w, 2 * w, 3, padding=1)
        self.pool = nn.AvgPool2d(2)
        self.act = getattr(F, cfg.d_act)
        self.head = nn.Linear(2 * w * (cfg.image // 4) ** 2, 1)

    def forward(self, x):
        h = self.pool(self.act(self.c1(x)))
        h = self.pool(self.act(self.c2(h)))
        return self.head(h.flatten(1)).squeeze(1)
