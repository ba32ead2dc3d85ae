import argparse
import logging

import torch

from config import TrainCfg
from gp import gradient_penalty
from nets import ZelligeGenerator, build_critic

log = logging.getLogger("zellige_wgan")


def zellige_tiles(n, res):
    """Glazed zellige tiles; chipped patches show the bare clay body."""
    base = 0.6 + 0.05 * torch.randn(n, 3, res, res)
    patches = (torch.rand(n, 1, res // 8, res // 8) > 0.8).float()
    patches = patches.repeat_interleave(8, 2).repeat_interleave(8, 3)
    return (base - 0.5 * patches).clamp(-1, 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=None)
    args = ap.parse_args()
    cfg = TrainCfg()
    if args.steps:
        cfg.steps = args.steps
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    torch.set_num_threads(1)

    critic, gen = build_critic(cfg.critic), ZelligeGenerator(cfg.z_dim, cfg.res)
    opt_c = torch.optim.Adam(critic.parameters(), cfg.lr, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), cfg.lr, betas=(0.5, 0.9))
    for step in range(cfg.steps):
        for _ in range(cfg.n_critic):
            real = zellige_tiles(cfg.batch, cfg.res)
            fake = gen(torch.randn(cfg.batch, cfg.z_dim))
            w_dist = critic(real).mean() - critic(fake.detach()).mean()
            gp = gradient_penalty(critic, real, fake)
            opt_c.zero_grad()
            (-w_dist + cfg.lambda_gp * gp).backward()
            assert critic.features.conv0.weight.grad.abs().sum() > 0
            opt_c.step()
        g_loss = -critic(gen(torch.randn(cfg.batch, cfg.z_dim))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        log.info("step %d W %.4f gp %.4f g %.4f", step, w_dist.item(), gp.item(), g_loss.item())


if __name__ == "__main__":
    main()
