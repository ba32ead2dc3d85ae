"""python train.py [--preset wgan_gp_v1]"""
import argparse
import logging

import torch

from config import PRESETS, get_config
from losses import critic_wasserstein, gradient_penalty
from models import GrainCritic, GrainGenerator

log = logging.getLogger("quinoa.wgan")


def synthetic_grains(n, cfg, gen):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, cfg.img), torch.linspace(-1, 1, cfg.img), indexing="ij")
    disk = ((xx ** 2 + yy ** 2) < 0.6).float()
    coat = torch.rand(n, cfg.bands, 1, 1, generator=gen)
    return (disk * coat + 0.05 * torch.rand(n, cfg.bands, cfg.img, cfg.img, generator=gen)).clamp(0, 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--preset", default="wgan_gp_v1", choices=sorted(PRESETS))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    cfg = get_config(args.preset)
    log.info("preset %s act=%s pool=%s", cfg.preset, cfg.critic_act, cfg.critic_pool)
    gen = torch.Generator().manual_seed(4)
    data = synthetic_grains(96, cfg, gen)
    critic, generator = GrainCritic(cfg), GrainGenerator(cfg)
    opt_c = torch.optim.Adam(critic.parameters(), lr=cfg.lr, betas=cfg.betas)
    opt_g = torch.optim.Adam(generator.parameters(), lr=cfg.lr, betas=cfg.betas)
    for step in range(cfg.steps):
        for _ in range(cfg.n_critic):
            real = data[torch.randint(0, data.size(0), (cfg.batch,), generator=gen)]
            fake = generator(torch.randn(cfg.batch, cfg.latent)).detach()
            gp = gradient_penalty(critic, real, fake)
            loss_c = critic_wasserstein(critic, real, fake) + cfg.gp_lambda * gp
            opt_c.zero_grad()
            loss_c.backward()
            opt_c.step()
        assert critic.features[0].weight.grad is not None
        loss_g = -critic(generator(torch.randn(cfg.batch, cfg.latent))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        log.info("step %d critic %.4f gp %.4f gen %.4f", step, loss_c.item(), gp.item(), loss_g.item())


if __name__ == "__main__":
    main()
