"""WGAN-GP on silo / bucket-elevator dust-explosion pressure traces (vent-panel test rig)."""
import logging

import torch

from config import RunCfg
from dist_utils import is_main, maybe_ddp, no_sync, unwrap
from models import Critic, Generator

log = logging.getLogger("grain_elevator")


def pressure_traces(n, seq_len, gen):
    t = torch.linspace(0, 1, seq_len)
    rise = torch.rand(n, 1, generator=gen) * 0.3 + 0.2
    peak = torch.rand(n, 1, generator=gen) * 0.5 + 0.5
    p = peak * torch.exp(-((t - rise) ** 2) / 0.01)
    return (p + 0.02 * torch.randn(n, seq_len, generator=gen)).unsqueeze(1)


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.shape[0], 1, 1)
    mixed = (eps * real + (1 - eps) * fake).requires_grad_(True)
    score = critic(mixed)
    (grad,) = torch.autograd.grad(score.sum(), mixed, create_graph=True)
    return ((grad.flatten(1).norm(dim=1) - 1) ** 2).mean()


def main():
    cfg = RunCfg()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)
    critic = maybe_ddp(Critic(cfg.critic))
    generator = maybe_ddp(Generator(cfg.zdim, cfg.seq_len))
    opt_c = torch.optim.Adam(critic.parameters(), cfg.lr, betas=(0.0, 0.9))
    opt_g = torch.optim.Adam(generator.parameters(), cfg.lr, betas=(0.0, 0.9))

    for it in range(cfg.iters):
        for _ in range(cfg.n_critic):
            opt_c.zero_grad()
            for micro in range(cfg.accum_steps):
                sync = micro == cfg.accum_steps - 1
                real = pressure_traces(cfg.batch, cfg.seq_len, gen)
                with torch.no_grad():
                    fake = generator(torch.randn(cfg.batch, cfg.zdim))
                with no_sync(critic, sync):
                    w_dist = critic(real).mean() - critic(fake).mean()
                    gp = gradient_penalty(critic, real, fake)
                    loss_c = (-w_dist + cfg.gp_lambda * gp) / cfg.accum_steps
                    loss_c.backward()
            opt_c.step()
        opt_g.zero_grad()
        loss_g = -critic(generator(torch.randn(cfg.batch, cfg.zdim))).mean()
        loss_g.backward()
        opt_g.step()
        if is_main():
            log.info("it %d  W %.4f  gp %.4f  g %.4f", it, w_dist.item(), gp.item(), loss_g.item())

    c = unwrap(critic)
    assert c.blocks[0].conv.parametrizations.weight.original1.grad is not None


if __name__ == "__main__":
    main()
