"""Unconditional GAN over tap-tone spectra of tuned timpani heads, zero-centred R1 on real spectra.

Each sample is a 64-bin log-magnitude spectrum of a tap near the rim of a head tuned to pitch; the
generator learns the family of well-tuned spectra (used later to score a head during tuning).
"""
import argparse
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class GanConfig:
    bins: int = 64
    z_dim: int = 16
    widths: tuple = (1, 16, 32, 32)
    lp_norm: float = 2.0
    r1_gamma: float = 2.0
    lr: float = 2e-4
    batch: int = 12


def conv_block(c_in, c_out, kernel=5, lp_norm=2.0):
    """Conv -> channel-wise PReLU -> L2 pooling (energy pooling over neighbouring partials)."""
    return nn.Sequential(
        nn.Conv1d(c_in, c_out, kernel_size=kernel, padding=kernel // 2),
        nn.PReLU(c_out),
        nn.LPPool1d(lp_norm, kernel_size=2, stride=2),
    )


class SpectrumCritic(nn.Module):
    def __init__(self, widths, bins, block):
        super().__init__()
        self.trunk = nn.Sequential(*[block(a, b) for a, b in zip(widths[:-1], widths[1:])])
        reduced = bins // 2 ** (len(widths) - 1)
        self.fc = nn.Linear(widths[-1] * reduced, 32)
        self.out = nn.Linear(32, 1)

    @classmethod
    def from_config(cls, cfg):
        block = partial(conv_block, kernel=5, lp_norm=cfg.lp_norm)
        return cls(cfg.widths, cfg.bins, block)

    def forward(self, spec):
        h = self.trunk(spec).flatten(1)
        return self.out(F.leaky_relu(self.fc(h), 0.2)).squeeze(-1)


class SpectrumGenerator(nn.Module):
    def __init__(self, z_dim, bins, width=32):
        super().__init__()
        self.width, self.start = width, bins // 4
        self.fc = nn.Linear(z_dim, width * self.start)
        self.up = nn.Upsample(scale_factor=2, mode="linear", align_corners=False)
        self.conv1 = nn.Conv1d(width, width // 2, 5, padding=2)
        self.conv2 = nn.Conv1d(width // 2, 1, 5, padding=2)

    @classmethod
    def from_config(cls, cfg):
        return cls(cfg.z_dim, cfg.bins)

    def forward(self, z):
        h = self.fc(z).view(-1, self.width, self.start)
        h = F.elu(self.conv1(self.up(h)))
        return self.conv2(self.up(h))


def r1_penalty(critic, real, gamma):
    real = real.detach().requires_grad_(True)
    (g,) = torch.autograd.grad(critic(real).sum(), real, create_graph=True)
    return 0.5 * gamma * g.pow(2).sum(dim=(1, 2)).mean()


@torch.no_grad()
def whiten(spectra, width=9):
    """Remove the slowly varying spectral envelope (room + mallet) before training."""
    env = nn.AvgPool1d(width, stride=1, padding=width // 2, count_include_pad=False)(spectra)
    return (spectra - env) / (spectra.std(dim=-1, keepdim=True) + 1e-6)


def tap_spectra(n, bins, seed=0):
    g = torch.Generator().manual_seed(seed)
    f = torch.arange(bins).float()
    f0 = 6 + 2 * torch.rand(n, 1, generator=g)
    ratios = torch.tensor([1.0, 1.5, 1.98, 2.44, 2.94])
    spec = sum(torch.exp(-((f - r * f0) ** 2) / 1.5) / (i + 1) for i, r in enumerate(ratios))
    return torch.log1p(10 * spec + 0.05 * torch.rand(n, bins, generator=g)).unsqueeze(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    args = ap.parse_args()
    cfg = GanConfig()
    torch.manual_seed(0)

    critic, gen = SpectrumCritic.from_config(cfg), SpectrumGenerator.from_config(cfg)
    opt_d = torch.optim.Adam(critic.parameters(), lr=cfg.lr, betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(gen.parameters(), lr=cfg.lr, betas=(0.0, 0.99))
    data = whiten(tap_spectra(96, cfg.bins))

    for step in range(args.steps):
        real = data[torch.randint(0, data.size(0), (cfg.batch,))]
        fake = gen(torch.randn(cfg.batch, cfg.z_dim)).detach()
        loss_d = F.softplus(critic(fake)).mean() + F.softplus(-critic(real)).mean()
        r1 = r1_penalty(critic, real, cfg.r1_gamma)
        opt_d.zero_grad()
        (loss_d + r1).backward()
        opt_d.step()

        loss_g = F.softplus(-critic(gen(torch.randn(cfg.batch, cfg.z_dim)))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"step {step}: D {loss_d.item():.4f} R1 {r1.item():.4f} G {loss_g.item():.4f}")


if __name__ == "__main__":
    main()
