"""Non-saturating GAN with lazy R1 on real parchment patches. Run: python train.py"""
from __future__ import annotations

import argparse
import logging

import torch
import torch.nn.functional as F

from config import SETTINGS
from models import PatchDiscriminator, PatchGenerator, Scorer
from regularizers import r1_mode, r1_penalty

log = logging.getLogger("parchment_gan")


def follicle_patches(n: int, size: int, gen: torch.Generator) -> torch.Tensor:
    """Hair-follicle pits on a smooth grain: a few Gaussian dimples per patch, triads for goat skin."""
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    img = torch.zeros(n, 1, size, size)
    for _ in range(5):
        cx = torch.rand(n, 1, 1, generator=gen) * 2 - 1
        cy = torch.rand(n, 1, 1, generator=gen) * 2 - 1
        img[:, 0] -= torch.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / 0.02)
    img += 0.05 * torch.randn(n, 1, size, size, generator=gen)
    return img.clamp(-1, 1)


def discriminator_step(disc: Scorer, real, fake, step: int, s) -> tuple[torch.Tensor, float]:
    with r1_mode(step % s.r1_every == 0):
        out = disc(real)
    match out:
        case (torch.Tensor() as scores, torch.Tensor() as watched):
            r1 = r1_penalty(scores, watched, s.r1_gamma * s.r1_every)
        case torch.Tensor() as scores:
            r1 = torch.zeros(())
    loss = F.softplus(-scores).mean() + F.softplus(disc(fake)).mean() + r1
    return loss, r1.item()


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=SETTINGS.steps)
    args = parser.parse_args(argv)
    s = SETTINGS
    s.steps = args.steps
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(s.seed)
    gen_data = torch.Generator().manual_seed(s.seed + 7)
    data = follicle_patches(64, s.image, gen_data)

    gen, disc = PatchGenerator(s), PatchDiscriminator(s)
    opt_g = torch.optim.Adam(gen.parameters(), lr=s.lr, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(disc.parameters(), lr=s.lr, betas=(0.0, 0.99))
    r1_seen = 0.0
    for step in range(s.steps):
        real = data[torch.randint(0, data.size(0), (s.batch,), generator=gen_data)]
        fake = gen(torch.randn(s.batch, s.z_dim)).detach()
        loss_d, r1 = discriminator_step(disc, real, fake, step, s)
        opt_d.zero_grad(set_to_none=True)
        loss_d.backward()
        opt_d.step()
        r1_seen = max(r1_seen, r1)

        disc.requires_grad_(False)
        loss_g = F.softplus(-disc(gen(torch.randn(s.batch, s.z_dim)))).mean()
        opt_g.zero_grad(set_to_none=True)
        loss_g.backward()
        opt_g.step()
        disc.requires_grad_(True)
        log.info("step %d D %.3f R1 %.4f G %.3f", step, loss_d.item(), r1, loss_g.item())
    assert r1_seen > 0


if __name__ == "__main__":
    main()
