"""WGAN-GP for synthetic mud-volcano vent pressure / gas-flux logs."""
import logging
import math

import torch

from config import get_config
from nets import UnfoldCritic, UpsampleGenerator
from penalty import gradient_penalty

log = logging.getLogger("mudvolcano.wgan")


def vent_logs(n, cfg, gen):
    t = torch.linspace(0, 1, cfg.length)
    period = 0.2 + 0.1 * torch.rand(n, 1, generator=gen)
    burst = torch.sin(2 * math.pi * t / period).clamp_min(0) ** 3
    pressure = 1.0 + 0.5 * burst + 0.05 * torch.randn(n, cfg.length, generator=gen)
    flux = 0.3 * burst.roll(2, dims=-1) + 0.05 * torch.randn(n, cfg.length, generator=gen)
    return torch.stack([pressure, flux], dim=1)


def main():
    cfg = get_config()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    data = vent_logs(256, cfg, gen)
    critic, netg = UnfoldCritic(cfg), UpsampleGenerator(cfg)
    opt_c = torch.optim.Adam(critic.parameters(), lr=cfg.lr, betas=(0.0, 0.9))
    opt_g = torch.optim.Adam(netg.parameters(), lr=cfg.lr, betas=(0.0, 0.9))
    for it in range(cfg.iters):
        for _ in range(cfg.n_critic):
            real = data[torch.randint(0, len(data), (cfg.batch,), generator=gen)]
            with torch.no_grad():
                fake = netg(torch.randn(cfg.batch, cfg.zdim))
            gp = gradient_penalty(critic, real, fake)
            loss_c = critic(fake).mean() - critic(real).mean() + cfg.gp_lambda * gp
            opt_c.zero_grad()
            loss_c.backward()
            assert gp.requires_grad and critic.weights[0].grad is not None
            opt_c.step()
        loss_g = -critic(netg(torch.randn(cfg.batch, cfg.zdim))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        log.info("iter %d critic %.4f gp %.4f gen %.4f", it, loss_c.item(), gp.item(), loss_g.item())


if __name__ == "__main__":
    main()
