"""Train the salt-marsh tile GAN.  `cd <pkg> && python train.py [--config ...] [--cfg-options k=v ...]`."""
import argparse
import logging

import torch

from config import load_config
from losses import d_logistic_loss, g_nonsaturating_loss, r1_penalty
from models import build_model

log = logging.getLogger("marsh_gan")


def synthetic_tiles(cfg, gen):
    """Creeks (low NIR, high red) meandering through Spartina (high NIR)."""
    n, s = cfg.data.batch_size, cfg.data.tile
    yy, xx = torch.meshgrid(torch.linspace(0, 1, s), torch.linspace(0, 1, s), indexing="ij")
    phase = 6.28 * torch.rand(n, 1, 1, generator=gen)
    creek = torch.exp(-((yy - 0.5 - 0.2 * torch.sin(4 * xx + phase)) ** 2) / 0.01)
    nir = 0.8 - 0.7 * creek + 0.05 * torch.randn(n, s, s, generator=gen)
    red = 0.2 + 0.5 * creek + 0.05 * torch.randn(n, s, s, generator=gen)
    green = 0.3 + 0.1 * torch.randn(n, s, s, generator=gen)
    return torch.stack([red, green, nir], 1) * 2.0 - 1.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="configs/r1_marsh_selu.yaml")
    parser.add_argument("--cfg-options", nargs="*", default=[])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    cfg = load_config(args.config, args.cfg_options)

    torch.manual_seed(cfg.train.seed)
    gen = torch.Generator().manual_seed(cfg.train.seed)
    D = build_model(cfg.model.discriminator, cfg.data.tile)
    G = build_model(cfg.model.generator, cfg.data.tile)
    log.info("D act=%s down=%s | G act=%s up=%s | r1_gamma=%.1f", D.blocks[0].act, D.blocks[0].down,
             G.gen_act, G.up1, cfg.loss.r1_gamma)
    opt_d = torch.optim.Adam(D.parameters(), **cfg.optim.discriminator)
    opt_g = torch.optim.Adam(G.parameters(), **cfg.optim.generator)
    latent = cfg.model.generator.latent_dim

    for it in range(cfg.train.iterations):
        real = synthetic_tiles(cfg, gen)
        fake = G(torch.randn(real.shape[0], latent)).detach()
        if cfg.loss.r1_gamma > 0 and it % cfg.loss.r1_interval == 0:
            r1, real_scores = r1_penalty(D, real)
        else:
            r1, real_scores = torch.zeros(()), D(real)
        loss_d = d_logistic_loss(real_scores, D(fake)) + 0.5 * cfg.loss.r1_gamma * r1
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()

        loss_g = g_nonsaturating_loss(D(G(torch.randn(real.shape[0], latent))))
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        if it % cfg.log.interval == 0:
            log.info("it %d loss_d %.4f r1 %.4e loss_g %.4f", it, loss_d.item(), r1.item(), loss_g.item())


if __name__ == "__main__":
    main()
