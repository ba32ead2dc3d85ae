"""VQ-GAN-lite for underwater survey tiles of sea urchin barrens vs. kelp cover.

The autoencoder quantises its latent grid with a codebook and a straight-through estimator; the decoder's colour
palette is 5-bit, so the patch critic quantises every input to 5 bits the same way (straight-through, so the critic
still sees a gradient). The critic is regularised with the R1 penalty on real tiles (Mescheder et al. 2018).
"""
import argparse
import logging
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("urchin_vqgan")


@dataclass
class Config:
    steps: int = 3
    batch: int = 8
    tile: int = 16
    n_codes: int = 32
    code_dim: int = 8
    r1_gamma: float = 2.0
    adv_weight: float = 0.1
    lr: float = 2e-4
    palette_bits: int = 5


class VectorQuantizer(nn.Module):
    def __init__(self, n_codes, dim, beta=0.25):
        super().__init__()
        self.codebook = nn.Embedding(n_codes, dim)
        self.codebook.weight.data.uniform_(-1.0 / n_codes, 1.0 / n_codes)
        self.beta = beta

    def forward(self, z):
        b, d, h, w = z.shape
        flat = z.permute(0, 2, 3, 1).reshape(-1, d)
        dist = torch.cdist(flat, self.codebook.weight)
        idx = dist.argmin(dim=1)
        zq = self.codebook(idx).view(b, h, w, d).permute(0, 3, 1, 2)
        vq_loss = F.mse_loss(zq, z.detach()) + self.beta * F.mse_loss(z, zq.detach())
        zq = z + (zq - z).detach()
        return zq, vq_loss, idx


class TileAutoencoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv2d(3, 16, 4, stride=2, padding=1), nn.SiLU(),
            nn.Conv2d(16, cfg.code_dim, 3, padding=1),
        )
        self.vq = VectorQuantizer(cfg.n_codes, cfg.code_dim)
        self.dec = nn.Sequential(
            nn.Upsample(scale_factor=2),
            nn.Conv2d(cfg.code_dim, 16, 3, padding=1), nn.SiLU(),
            nn.Conv2d(16, 3, 3, padding=1), nn.Tanh(),
        )

    def forward(self, x):
        zq, vq_loss, idx = self.vq(self.enc(x))
        return self.dec(zq), vq_loss, idx


class PatchCritic(nn.Module):
    def __init__(self, palette_bits=5, ch=16):
        super().__init__()
        self.levels = 2 ** palette_bits - 1
        self.pad = nn.ReflectionPad2d(1)
        self.conv1 = nn.Conv2d(3, ch, 3)
        self.conv2 = nn.Conv2d(ch, 2 * ch, 3, padding=1)
        self.head = nn.Conv2d(2 * ch, 1, 3, padding=1)

    def palette_quantise(self, x):
        """5-bit palette with a straight-through gradient (identity backward)."""
        q = torch.round(F.hardsigmoid(3.0 * x) * self.levels) / self.levels * 2.0 - 1.0
        return x + (q - x).detach()

    def forward(self, x):
        h = self.palette_quantise(x)
        h = F.leaky_relu(self.conv1(self.pad(h)), 0.2)
        h = F.avg_pool2d(h, 2)
        h = F.leaky_relu(self.conv2(h), 0.2)
        return self.head(h)


def r1_penalty(critic, real):
    real = real.detach().requires_grad_(True)
    logits = critic(real)
    grad_real, = torch.autograd.grad(logits.sum(), real, create_graph=True)
    return grad_real.pow(2).sum(dim=(1, 2, 3)).mean(), logits


def set_requires_grad(module, flag):
    for p in module.parameters():
        p.requires_grad_(flag)


@torch.no_grad()
def survey_tiles(n, size):
    """Kelp = green-brown stripes, barren = pink crustose algae with dark urchin dots."""
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    barren = torch.rand(n) < 0.5
    kelp = torch.stack([0.1 * torch.sin(6 * xx), 0.4 + 0.2 * torch.sin(6 * xx), 0.05 * yy])
    crust = torch.stack([0.6 + 0.0 * xx, 0.2 + 0.0 * xx, 0.3 + 0.0 * xx])
    tiles = torch.where(barren[:, None, None, None], crust, kelp).clone()
    dots = (torch.rand(n, 1, size, size) < 0.05) & barren[:, None, None, None]
    tiles = torch.where(dots, torch.full_like(tiles, -0.8), tiles)
    return (tiles + 0.05 * torch.randn_like(tiles)).clamp(-1, 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=Config.steps)
    args = parser.parse_args()
    cfg = Config(steps=args.steps)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    torch.manual_seed(0)

    ae = TileAutoencoder(cfg)
    critic = PatchCritic(cfg.palette_bits)
    opt_g = torch.optim.Adam(ae.parameters(), lr=cfg.lr, betas=(0.5, 0.9))
    opt_d = torch.optim.Adam(critic.parameters(), lr=cfg.lr, betas=(0.5, 0.9))

    for step in range(cfg.steps):
        real = survey_tiles(cfg.batch, cfg.tile)

        # autoencoder / generator step (critic frozen)
        set_requires_grad(critic, False)
        recon, vq_loss, idx = ae(real)
        g_adv = F.softplus(-critic(recon)).mean()
        g_loss = F.l1_loss(recon, real) + vq_loss + cfg.adv_weight * g_adv
        opt_g.zero_grad(set_to_none=True)
        g_loss.backward()
        opt_g.step()

        # critic step with R1 on the real tiles
        set_requires_grad(critic, True)
        r1, logits_real = r1_penalty(critic, real)
        logits_fake = critic(recon.detach())
        d_loss = F.softplus(-logits_real).mean() + F.softplus(logits_fake).mean() + 0.5 * cfg.r1_gamma * r1
        opt_d.zero_grad(set_to_none=True)
        d_loss.backward()
        assert critic.conv1.weight.grad is not None and critic.conv1.weight.grad.abs().sum() > 0
        opt_d.step()
        log.info("step %d g %.4f d %.4f r1 %.5f codes used %d", step, g_loss.item(), d_loss.item(), r1.item(),
                 idx.unique().numel())


if __name__ == "__main__":
    main()
