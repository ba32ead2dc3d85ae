"""cd <pkg> && python train.py"""
import logging

import torch
import torch.nn.functional as F

from config import cfg
from models import SwatchDiscriminator, SwatchGenerator
from regularizers import r1_penalty, should_regularize

log = logging.getLogger("dyegan")


def swatch_batch(n):
    wl = torch.linspace(0, 1, cfg.n_wavelengths)
    dye = torch.randint(0, cfg.n_dyes, (n,))
    centre = (dye.float() + 0.5) / cfg.n_dyes
    refl = 0.15 + 0.7 * torch.sigmoid((wl[None] - centre[:, None]) * 18.0)
    return (refl + 0.02 * torch.randn_like(refl)).unsqueeze(1), dye


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    G = SwatchGenerator(cfg.z_dim, cfg.n_dyes, cfg.n_wavelengths, cfg.hidden)
    D = SwatchDiscriminator(cfg.n_dyes, cfg.n_wavelengths, cfg.hidden)
    opt_g = torch.optim.Adam(G.parameters(), lr=cfg.lr_g, betas=(0.5, 0.99))
    opt_d = torch.optim.Adam(D.parameters(), lr=cfg.lr_d, betas=(0.5, 0.99))
    n_reg = 0
    for step in range(cfg.steps):
        real, dye = swatch_batch(cfg.batch)
        z = torch.randn(cfg.batch, cfg.z_dim)
        fake = G(z, dye)

        d_loss = F.softplus(D(fake.detach(), dye)).mean() + F.softplus(-D(real, dye)).mean()
        if should_regularize(step, cfg):
            d_loss = d_loss + cfg.r1_gamma / 2 * cfg.d_reg_every * r1_penalty(D, real, dye)
            n_reg += 1
        opt_d.zero_grad(set_to_none=True)
        d_loss.backward()
        opt_d.step()

        g_loss = F.softplus(-D(fake, dye)).mean()
        opt_g.zero_grad(set_to_none=True)
        g_loss.backward()
        opt_g.step()
        log.info("step %d d %.4f g %.4f", step, d_loss.item(), g_loss.item())
    log.info("R1 applied %d times", n_reg)


if __name__ == "__main__":
    main()
