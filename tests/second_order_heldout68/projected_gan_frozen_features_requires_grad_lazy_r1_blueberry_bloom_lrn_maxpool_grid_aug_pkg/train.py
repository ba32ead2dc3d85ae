"""cd <pkg> && python train.py"""
import argparse
import logging

import torch
import torch.nn.functional as F

from augment import random_translate
from config import CFG
from networks import Discriminator, Generator

log = logging.getLogger("bloom_pgan")


def toggle(module, flag):
    for p in module.parameters():
        p.requires_grad_(flag)


@torch.no_grad()
def bloom_photos(n, size):
    """Blue berry disc; intact bloom = bright, matte speckle; rubbed fruit = dark glossy highlight."""
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    disc = ((xx ** 2 + yy ** 2) < 0.7).float()
    bloom = torch.rand(n, 1, 1, 1)
    base = torch.stack([0.1 * disc - 0.6, 0.15 * disc - 0.5, 0.7 * disc - 0.2])[None]
    speckle = 0.2 * torch.rand(n, 1, size, size) * bloom
    highlight = torch.exp(-((xx - 0.3) ** 2 + (yy + 0.3) ** 2) / 0.02)[None, None] * (1 - bloom)
    return (base + speckle + highlight).clamp(-1, 1)


def r1_on_reals(D, real_aug):
    real_aug = real_aug.detach().requires_grad_(True)
    logits = D(real_aug)
    grad, = torch.autograd.grad(logits.sum(), real_aug, create_graph=True)
    return grad.pow(2).sum(dim=(1, 2, 3)).mean(), logits


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=CFG.steps)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    G, D = Generator(CFG.z_dim), Discriminator()
    opt_g = torch.optim.Adam(G.parameters(), lr=CFG.lr_g, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam([p for p in D.parameters() if p.requires_grad], lr=CFG.lr_d, betas=(0.0, 0.99))

    for step in range(args.steps):
        real = bloom_photos(CFG.batch, CFG.img)

        # generator step: heads frozen, gradient flows through D into G
        toggle(D.heads, False)
        fake = G(torch.randn(CFG.batch, CFG.z_dim))
        g_loss = F.softplus(-D(random_translate(fake, CFG.translate))).mean()
        opt_g.zero_grad(set_to_none=True)
        g_loss.backward()
        opt_g.step()

        # critic step: only the projection heads train; the feature pyramid stays frozen
        toggle(D.heads, True)
        real_aug = random_translate(real, CFG.translate)
        fake_aug = random_translate(fake.detach(), CFG.translate)
        d_loss = F.softplus(D(fake_aug)).mean()
        if step % CFG.r1_every == 0:
            r1, logits_real = r1_on_reals(D, real_aug)
            d_loss = d_loss + 0.5 * CFG.r1_gamma * CFG.r1_every * r1
        else:
            logits_real = D(real_aug)
        d_loss = d_loss + F.softplus(-logits_real).mean()
        opt_d.zero_grad(set_to_none=True)
        d_loss.backward()
        assert D.features.conv1.weight.grad is None and D.heads.head1[0].weight.grad is not None
        opt_d.step()
        log.info("step %d g %.4f d %.4f", step, g_loss.item(), d_loss.item())


if __name__ == "__main__":
    main()
