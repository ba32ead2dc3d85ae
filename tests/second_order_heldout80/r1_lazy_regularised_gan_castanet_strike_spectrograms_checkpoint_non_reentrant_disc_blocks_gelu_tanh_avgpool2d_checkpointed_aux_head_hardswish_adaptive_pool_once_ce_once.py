"""Lazy R1-regularised GAN for castanet strike spectrogram patches, with activation checkpointing.

The discriminator trunk runs each block through torch.utils.checkpoint (non-reentrant, so the R1 double backward
works through it).  An auxiliary head classifies the castanet type (hembra / macho) of real patches (AC-GAN style)
and is checkpointed as well.  R1 is applied every `r1_every` steps (StyleGAN2 lazy regularisation).
"""
import argparse
import logging
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint

log = logging.getLogger("castanet_gan")


@dataclass
class GanConfig:
    steps: int = 4
    batch: int = 8
    latent: int = 16
    r1_gamma: float = 5.0
    r1_every: int = 2
    aux_weight: float = 0.5
    use_checkpoint: bool = True


def disc_block(c_in, c_out):
    return nn.Sequential(
        nn.Conv2d(c_in, c_out, 3, padding=1),
        nn.GELU(approximate="tanh"),
        nn.Conv2d(c_out, c_out, 3, padding=1),
        nn.LeakyReLU(0.2),
        nn.AvgPool2d(2),
    )


class StrikeDiscriminator(nn.Module):
    def __init__(self, use_checkpoint=True, n_types=2):
        super().__init__()
        self.blocks = nn.ModuleList([disc_block(1, 8), disc_block(8, 16)])
        self.score = nn.Linear(16 * 4 * 4, 1)
        self.aux_head = nn.Sequential(
            nn.Conv2d(16, 16, 1),
            nn.Hardswish(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
            nn.Linear(16, n_types),
        )
        self.use_checkpoint = use_checkpoint

    def _run(self, fn, h):
        if self.use_checkpoint and torch.is_grad_enabled():
            return checkpoint(fn, h, use_reentrant=False)
        return fn(h)

    def trunk(self, x):
        h = x
        for block in self.blocks:
            h = self._run(block, h)
        return h

    def forward(self, x):
        return self.score(self.trunk(x).flatten(1)).squeeze(1)

    def classify(self, feats):
        return self._run(self.aux_head, feats)


class StrikeGenerator(nn.Module):
    def __init__(self, latent):
        super().__init__()
        self.fc = nn.Linear(latent, 16 * 4 * 4)
        self.up = nn.Sequential(
            nn.Upsample(scale_factor=2), nn.Conv2d(16, 8, 3, padding=1), nn.ReLU6(),
            nn.Upsample(scale_factor=2), nn.Conv2d(8, 1, 3, padding=1), nn.Tanh(),
        )

    def forward(self, z):
        return self.up(self.fc(z).view(-1, 16, 4, 4))


def real_patches(cfg, gen):
    kind = torch.randint(0, 2, (cfg.batch,), generator=gen)
    t = torch.linspace(0, 1, 16)
    decay = torch.exp(-t.view(1, 1, 16) * (4.0 + 4.0 * kind.view(-1, 1, 1).float()))
    band = torch.sin(torch.linspace(0, 6.28, 16)).view(1, 16, 1)
    x = (decay * band).unsqueeze(1) + 0.05 * torch.randn(cfg.batch, 1, 16, 16, generator=gen)
    return x.clamp(-1, 1), kind


def r1_penalty(disc, real):
    real = real.detach().requires_grad_(True)
    scores = disc(real)
    (grad_real,) = torch.autograd.grad(scores.sum(), real, create_graph=True)
    return grad_real.pow(2).flatten(1).sum(1).mean()


def train(cfg):
    gen = torch.Generator().manual_seed(1)
    disc, netg = StrikeDiscriminator(cfg.use_checkpoint), StrikeGenerator(cfg.latent)
    opt_d = torch.optim.Adam(disc.parameters(), lr=2e-4, betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(netg.parameters(), lr=2e-4, betas=(0.0, 0.99))
    for step in range(cfg.steps):
        real, kind = real_patches(cfg, gen)
        z = torch.randn(cfg.batch, cfg.latent, generator=gen)
        fake = netg(z).detach()
        feats = disc.trunk(real)
        d_real = disc.score(feats.flatten(1)).squeeze(1)
        d_fake = disc(fake)
        loss_d = F.softplus(-d_real).mean() + F.softplus(d_fake).mean()
        loss_d = loss_d + cfg.aux_weight * F.cross_entropy(disc.classify(feats), kind)
        if step % cfg.r1_every == 0:
            r1 = r1_penalty(disc, real)
            loss_d = loss_d + 0.5 * cfg.r1_gamma * cfg.r1_every * r1
            log.info("step %d R1 %.4e", step, r1.item())
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        loss_g = F.softplus(-disc(netg(z))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        log.info("step %d loss_d %.4f loss_g %.4f", step, loss_d.item(), loss_g.item())
    assert disc.blocks[0][0].weight.grad is not None


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--no-checkpoint", action="store_true")
    a = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    train(GanConfig(steps=a.steps, use_checkpoint=not a.no_checkpoint))
