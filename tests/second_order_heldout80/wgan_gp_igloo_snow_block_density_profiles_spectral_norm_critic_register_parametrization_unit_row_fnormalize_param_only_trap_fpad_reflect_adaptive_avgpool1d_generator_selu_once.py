"""WGAN-GP for igloo snow-block density profiles (1-D core scans), with a parametrised critic.

The critic's convolutions are spectrally normalised (torch.nn.utils.parametrizations.spectral_norm) and its
linear read-out uses a custom parametrization registered with torch.nn.utils.parametrize (unit-norm rows times a
learned gain).  The gradient penalty is taken w.r.t. interpolated profiles with create_graph=True.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.nn.utils.parametrize as parametrize
from torch.nn.utils.parametrizations import spectral_norm

log = logging.getLogger("igloo_wgan")

PROFILE_LEN = 32


class UnitRowsWithGain(nn.Module):
    """W -> g * W / ||W_row||: keeps the read-out direction and scale separately trainable."""

    def __init__(self, rows):
        super().__init__()
        self.log_gain = nn.Parameter(torch.zeros(rows, 1))

    def forward(self, weight):
        return self.log_gain.exp() * F.normalize(weight, dim=1)


class DensityCritic(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.conv1 = spectral_norm(nn.Conv1d(1, ch, 5))
        self.conv2 = spectral_norm(nn.Conv1d(ch, ch, 3, padding=1))
        self.act = nn.LeakyReLU(0.2)
        self.pool = nn.AdaptiveAvgPool1d(4)
        self.readout = nn.Linear(ch * 4, 1)
        parametrize.register_parametrization(self.readout, "weight", UnitRowsWithGain(1))

    def forward(self, profile):
        h = F.pad(profile, (2, 2), mode="reflect")
        h = self.act(self.conv1(h))
        h = self.act(self.conv2(h))
        h = self.pool(h)
        return self.readout(h.flatten(1)).squeeze(1)


class DensityGenerator(nn.Module):
    def __init__(self, latent=8):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(latent, 8 * 8), nn.SELU(), nn.Unflatten(1, (8, 8)),
            nn.Upsample(scale_factor=4, mode="linear"), nn.Conv1d(8, 1, 3, padding=1), nn.Sigmoid(),
        )

    def forward(self, z):
        return self.net(z)


def core_scans(n, gen):
    depth = torch.linspace(0, 1, PROFILE_LEN)
    base = 0.25 + 0.35 * depth + 0.1 * torch.rand(n, 1, generator=gen)
    crust = 0.15 * torch.exp(-depth / 0.05)
    return (base + crust + 0.02 * torch.randn(n, PROFILE_LEN, generator=gen)).clamp(0, 1).unsqueeze(1)


def gradient_penalty(critic, real, fake, gen):
    alpha = torch.rand(real.size(0), 1, 1, generator=gen)
    mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    (g,) = torch.autograd.grad(critic(mixed).sum(), mixed, create_graph=True)
    return (g.flatten(1).norm(dim=1) - 1).pow(2).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=3)
    ap.add_argument("--n-critic", type=int, default=2)
    ap.add_argument("--gp", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(5)
    critic, netg = DensityCritic(), DensityGenerator()
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(netg.parameters(), lr=1e-4, betas=(0.5, 0.9))
    for it in range(args.iters):
        for _ in range(args.n_critic):
            real = core_scans(16, gen)
            with torch.no_grad():
                fake = netg(torch.randn(16, 8, generator=gen))
            gp = gradient_penalty(critic, real, fake, gen)
            loss_c = critic(fake).mean() - critic(real).mean() + args.gp * gp
            opt_c.zero_grad()
            loss_c.backward()
            opt_c.step()
        loss_g = -critic(netg(torch.randn(16, 8, generator=gen))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        log.info("iter %d critic %.4f gp %.4f gen %.4f", it, loss_c.item(), gp.item(), loss_g.item())
    assert critic.readout.parametrizations.weight[0].log_gain.grad is not None


if __name__ == "__main__":
    main()
