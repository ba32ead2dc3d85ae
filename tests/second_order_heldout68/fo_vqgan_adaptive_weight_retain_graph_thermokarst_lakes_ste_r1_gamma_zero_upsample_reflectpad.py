"""VQGAN tokenizer for Sentinel-2 tiles of thermokarst lakes (drained basins vs. active ponds), taming-style losses.

The adversarial weight is balanced adaptively: the gradients of the reconstruction loss and of the generator loss
w.r.t. the decoder's last layer are compared (retain_graph=True) and their norm ratio, detached, scales the GAN term.
The quantiser is a codebook with a straight-through estimator. R1 is available but disabled (gamma 0), as in the
original recipe.
"""
import argparse
import logging
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("thermokarst_vqgan")


@dataclass
class LossConfig:
    disc_weight: float = 0.8
    disc_start: int = 1
    codebook_weight: float = 1.0
    r1_gamma: float = 0.0
    steps: int = 4
    batch: int = 6


class Codebook(nn.Module):
    def __init__(self, n=24, dim=8, beta=0.25):
        super().__init__()
        self.embed = nn.Embedding(n, dim)
        self.embed.weight.data.uniform_(-1 / n, 1 / n)
        self.beta = beta

    def forward(self, z):
        zf = z.permute(0, 2, 3, 1)
        d = (zf.unsqueeze(-2) - self.embed.weight).pow(2).sum(-1)
        zq = self.embed(d.argmin(-1))
        loss = F.mse_loss(zq, zf.detach()) + self.beta * F.mse_loss(zf, zq.detach())
        zq = zf + (zq - zf).detach()
        return zq.permute(0, 3, 1, 2), loss


class Tokenizer(nn.Module):
    def __init__(self, bands=4, dim=8):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(bands, 16, 4, 2, 1), nn.SiLU(), nn.Conv2d(16, dim, 1))
        self.quant = Codebook(dim=dim)
        self.dec = nn.Sequential(nn.Conv2d(dim, 16, 3, padding=1), nn.SiLU(),
                                 nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False))
        self.dec_out = nn.Conv2d(16, bands, 3, padding=1)

    def forward(self, x):
        zq, q_loss = self.quant(self.enc(x))
        return self.dec_out(self.dec(zq)), q_loss


class PatchDisc(nn.Module):
    def __init__(self, bands=4, ch=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.ReflectionPad2d(1), nn.Conv2d(bands, ch, 3), nn.LeakyReLU(0.2),
            nn.AvgPool2d(2), nn.Conv2d(ch, 1, 3, padding=1),
        )

    def forward(self, x):
        return self.net(x)


def adaptive_weight(rec_loss, g_loss, last_layer, disc_weight):
    rec_grads, = torch.autograd.grad(rec_loss, last_layer, retain_graph=True)
    g_grads, = torch.autograd.grad(g_loss, last_layer, retain_graph=True)
    w = torch.norm(rec_grads) / (torch.norm(g_grads) + 1e-4)
    return torch.clamp(w, 0.0, 1e4).detach() * disc_weight


def r1_penalty(disc, real):
    real = real.detach().requires_grad_(True)
    grad, = torch.autograd.grad(disc(real).sum(), real, create_graph=True)
    return grad.pow(2).sum(dim=(1, 2, 3)).mean()


@torch.no_grad()
def lake_tiles(n, size=16):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    r = 0.3 + 0.4 * torch.rand(n, 1, 1)
    water = ((xx ** 2 + (yy * 1.3) ** 2)[None] < r ** 2).float()
    drained = (torch.rand(n, 1, 1) < 0.5).float()
    tundra = torch.stack([0.3 + 0 * xx, 0.35 + 0 * xx, 0.25 + 0 * xx, 0.6 + 0 * xx])[None]
    pond = torch.tensor([0.05, 0.1, 0.2, -0.3])[None, :, None, None]
    basin = torch.tensor([0.4, 0.5, 0.3, 0.9])[None, :, None, None]
    cover = drained[:, None] * basin + (1 - drained[:, None]) * pond
    tiles = tundra * (1 - water[:, None]) + cover * water[:, None]
    return tiles + 0.03 * torch.randn_like(tiles)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=LossConfig.steps)
    args = parser.parse_args()
    cfg = LossConfig(steps=args.steps)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    tok, disc = Tokenizer(), PatchDisc()
    opt_ae = torch.optim.Adam(tok.parameters(), lr=4.5e-4, betas=(0.5, 0.9))
    opt_d = torch.optim.Adam(disc.parameters(), lr=4.5e-4, betas=(0.5, 0.9))
    for step in range(cfg.steps):
        x = lake_tiles(cfg.batch)
        recon, q_loss = tok(x)
        rec_loss = F.smooth_l1_loss(recon, x, beta=0.05)
        g_loss = -disc(recon).mean()
        d_weight = adaptive_weight(rec_loss, g_loss, tok.dec_out.weight, cfg.disc_weight)
        disc_factor = 1.0 if step >= cfg.disc_start else 0.0
        ae_loss = rec_loss + cfg.codebook_weight * q_loss + disc_factor * d_weight * g_loss
        opt_ae.zero_grad(set_to_none=True)
        ae_loss.backward()
        opt_ae.step()

        d_loss = disc_factor * 0.5 * (F.relu(1.0 - disc(x)).mean() + F.relu(1.0 + disc(recon.detach())).mean())
        if cfg.r1_gamma > 0.0:
            d_loss = d_loss + 0.5 * cfg.r1_gamma * r1_penalty(disc, x)
        opt_d.zero_grad(set_to_none=True)
        d_loss.backward()
        opt_d.step()
        log.info("step %d rec %.4f q %.4f d_weight %.3f d %.4f", step, rec_loss.item(), q_loss.item(),
                 d_weight.item(), d_loss.item())


if __name__ == "__main__":
    main()
