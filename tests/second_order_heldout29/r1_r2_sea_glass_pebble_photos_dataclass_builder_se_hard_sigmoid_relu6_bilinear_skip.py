# Non-saturating GAN on 16x16 RGB crops of beach sea-glass pebbles, with R1 on real and R2 on
# generated crops.  The discriminator comes from a config dataclass and a builder; its blocks use
# a squeeze-excitation gate (MobileNetV3-style hard sigmoid) and a resized skip branch.
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class DiscConfig:
    widths: tuple = (3, 16, 32)
    se_reduction: int = 4
    r1_gamma: float = 2.0
    r2_gamma: float = 1.0


@dataclass
class TrainConfig:
    z_dim: int = 32
    batch: int = 8
    steps: int = 3
    lr: float = 2e-4


class SEGate(nn.Module):
    def __init__(self, ch, reduction):
        super().__init__()
        self.fc1 = nn.Linear(ch, ch // reduction)
        self.fc2 = nn.Linear(ch // reduction, ch)

    def forward(self, h):
        s = F.relu(self.fc1(h.mean(dim=(2, 3))))
        gate = F.relu6(self.fc2(s) + 3.0) / 6.0
        return h * gate[:, :, None, None]


class DownBlock(nn.Module):
    def __init__(self, c_in, c_out, reduction):
        super().__init__()
        self.conv = nn.Conv2d(c_in, c_out, 3, stride=2, padding=1)
        self.act = nn.LeakyReLU(0.2)
        self.gate = SEGate(c_out, reduction)
        self.skip = nn.Conv2d(c_in, c_out, 1)

    def forward(self, x):
        h = self.gate(self.act(self.conv(x)))
        low = F.interpolate(x, size=h.shape[-2:], mode="bilinear", align_corners=False)
        return h + self.skip(low)


def build_discriminator(cfg: DiscConfig) -> nn.Module:
    blocks = [DownBlock(a, b, cfg.se_reduction) for a, b in zip(cfg.widths[:-1], cfg.widths[1:])]
    side = 16 // 2 ** len(blocks)
    return nn.Sequential(*blocks, nn.Flatten(), nn.Linear(cfg.widths[-1] * side * side, 1))


class PebbleGenerator(nn.Module):
    def __init__(self, z_dim):
        super().__init__()
        self.fc = nn.Linear(z_dim, 32 * 4 * 4)
        self.conv1 = nn.Conv2d(32, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, 3, 3, padding=1)

    def forward(self, z):
        h = self.fc(z).view(-1, 32, 4, 4)
        h = F.silu(self.conv1(F.interpolate(h, size=(8, 8), mode="bilinear", align_corners=False)))
        return torch.tanh(self.conv2(F.interpolate(h, size=(16, 16), mode="bilinear", align_corners=False)))


def pebble_batch(n):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, 16), torch.linspace(-1, 1, 16), indexing="ij")
    rx, ry = 0.5 + 0.4 * torch.rand(n, 1, 1), 0.4 + 0.4 * torch.rand(n, 1, 1)
    blob = torch.sigmoid(8 * (1 - (xx / rx) ** 2 - (yy / ry) ** 2))
    tint = torch.stack([0.2 * torch.rand(n), 0.5 + 0.5 * torch.rand(n), 0.4 * torch.rand(n)], 1)
    return (blob.unsqueeze(1) * tint[:, :, None, None]) * 2 - 1


def r1_r2_penalties(disc, real, fake):
    real = real.detach().requires_grad_(True)
    fake = fake.detach().requires_grad_(True)
    d_real, d_fake = disc(real), disc(fake)
    g_real, g_fake = torch.autograd.grad(outputs=[d_real.sum(), d_fake.sum()], inputs=[real, fake],
                                         create_graph=True)
    r1 = g_real.pow(2).flatten(1).sum(1).mean()
    r2 = g_fake.pow(2).flatten(1).sum(1).mean()
    return r1, r2, d_real, d_fake


def main():
    torch.manual_seed(0)
    dcfg, tcfg = DiscConfig(), TrainConfig()
    D, G = build_discriminator(dcfg), PebbleGenerator(tcfg.z_dim)
    opt_d = torch.optim.Adam(D.parameters(), lr=tcfg.lr, betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(G.parameters(), lr=tcfg.lr, betas=(0.0, 0.99))
    for step in range(tcfg.steps):
        real = pebble_batch(tcfg.batch)
        with torch.no_grad():
            fake = G(torch.randn(tcfg.batch, tcfg.z_dim))
        r1, r2, d_real, d_fake = r1_r2_penalties(D, real, fake)
        loss_d = (F.softplus(d_fake) + F.softplus(-d_real)).mean()
        loss_d = loss_d + 0.5 * dcfg.r1_gamma * r1 + 0.5 * dcfg.r2_gamma * r2
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        loss_g = F.softplus(-D(G(torch.randn(tcfg.batch, tcfg.z_dim)))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"step {step}: D {loss_d.item():.3f} R1 {r1.item():.4f} R2 {r2.item():.4f} G {loss_g.item():.3f}")


if __name__ == "__main__":
    main()
