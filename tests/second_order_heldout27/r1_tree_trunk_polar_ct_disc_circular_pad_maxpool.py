"""Non-saturating GAN with an R1 penalty on tree-trunk CT slices resampled to polar coordinates.

Rows are radius (pith -> bark), columns are azimuth, so the azimuth axis wraps around:
the discriminator pads it circularly and pads the radius axis with zeros.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class Hparams:
    radius: int = 8
    azimuth: int = 16
    z_dim: int = 16
    r1_gamma: float = 2.0
    steps: int = 3
    batch: int = 4


class AzimuthConv(nn.Module):
    """3x3 conv that wraps around in azimuth and zero-pads in radius."""

    def __init__(self, c_in, c_out):
        super().__init__()
        self.conv = nn.Conv2d(c_in, c_out, 3)

    def forward(self, x):
        x = F.pad(x, (1, 1, 0, 0), mode="circular")
        x = F.pad(x, (0, 0, 1, 1))
        return self.conv(x)


class RingDiscriminator(nn.Module):
    def __init__(self, hp, ch=8):
        super().__init__()
        self.block1 = AzimuthConv(1, ch)
        self.block2 = AzimuthConv(ch, 2 * ch)
        self.act = nn.SiLU()
        self.head = nn.Linear(2 * ch * (hp.radius // 4) * (hp.azimuth // 4), 1)

    def forward(self, x):
        h = F.max_pool2d(self.act(self.block1(x)), 2)
        h = F.max_pool2d(self.act(self.block2(h)), 2)
        return self.head(h.flatten(1))


class RingGenerator(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        self.net = nn.Sequential(nn.Linear(hp.z_dim, 64), nn.ReLU(), nn.Linear(64, hp.radius * hp.azimuth))

    def forward(self, z):
        return torch.sigmoid(self.net(z)).view(-1, 1, self.hp.radius, self.hp.azimuth)


def growth_rings(hp, n):
    r = torch.linspace(0, 1, hp.radius).view(1, 1, -1, 1)
    freq = torch.randint(3, 7, (n, 1, 1, 1)).float()
    wobble = 0.05 * torch.randn(n, 1, 1, hp.azimuth)
    return 0.5 + 0.5 * torch.cos(2 * torch.pi * freq * (r + wobble))


def r1_regulariser(disc, real_img):
    real_img.requires_grad_(True)
    logits = disc(real_img)
    (grad_real,) = torch.autograd.grad(logits.sum(), real_img, create_graph=True)
    return grad_real.pow(2).reshape(grad_real.shape[0], -1).sum(1).mean()


def train(hp):
    torch.manual_seed(1)
    disc, gen = RingDiscriminator(hp), RingGenerator(hp)
    d_opt = torch.optim.Adam(disc.parameters(), lr=2e-4, betas=(0.5, 0.99))
    g_opt = torch.optim.Adam(gen.parameters(), lr=2e-4, betas=(0.5, 0.99))
    for step in range(hp.steps):
        real = growth_rings(hp, hp.batch)
        fake = gen(torch.randn(hp.batch, hp.z_dim))
        d_loss = F.softplus(disc(fake.detach())).mean() + F.softplus(-disc(real)).mean()
        d_loss = d_loss + 0.5 * hp.r1_gamma * r1_regulariser(disc, real.clone())
        d_opt.zero_grad()
        d_loss.backward()
        d_opt.step()

        g_loss = F.softplus(-disc(gen(torch.randn(hp.batch, hp.z_dim)))).mean()
        g_opt.zero_grad()
        g_loss.backward()
        g_opt.step()
        print(f"step {step}: d={d_loss.item():.4f} g={g_loss.item():.4f}")


if __name__ == "__main__":
    train(Hparams())
