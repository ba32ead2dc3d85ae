import logging
import math

import torch

from config import GANConfig
from models import TelemetryCritic, TelemetryGenerator
from penalties import PENALTIES, critic_input_grad_norm

log = logging.getLogger("chiller_wgan")


def chiller_windows(cfg, n, gen):
    t = torch.arange(cfg.seq_len).float()
    load = 0.5 + 0.3 * torch.sin(2 * math.pi * (t + 24 * torch.rand(n, 1, generator=gen)) / 24)
    supply = 0.3 + 0.05 * torch.randn(n, cfg.seq_len, generator=gen)
    ret = supply + 0.4 * load
    power = 0.2 + 0.7 * load ** 1.3
    flow = 0.6 + 0.1 * (load > 0.6).float()
    x = torch.stack([supply, ret, power, flow], -1)
    return (x - x.amin((0, 1))) / (x.amax((0, 1)) - x.amin((0, 1)) + 1e-6)


def main(cfg=GANConfig()):
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(4)
    data = chiller_windows(cfg, 256, gen)
    G, C = TelemetryGenerator(cfg), TelemetryCritic(cfg)
    opt_g = torch.optim.RMSprop(G.parameters(), lr=cfg.lr)
    opt_c = torch.optim.RMSprop(C.parameters(), lr=cfg.lr)
    penalty_fn = PENALTIES[cfg.penalty]
    for step in range(cfg.steps):
        for _ in range(cfg.n_critic):
            real = data[torch.randint(0, data.size(0), (cfg.batch,), generator=gen)]
            fake = G(torch.randn(cfg.batch, cfg.seq_len, cfg.z_dim)).detach()
            loss_c = C(fake).mean() - C(real).mean() + cfg.penalty_weight * penalty_fn(C, real, fake)
            opt_c.zero_grad(); loss_c.backward(); opt_c.step()
            if cfg.penalty == "none":
                with torch.no_grad():
                    for p in C.parameters():
                        p.clamp_(-cfg.clip_value, cfg.clip_value)
        loss_g = -C(G(torch.randn(cfg.batch, cfg.seq_len, cfg.z_dim))).mean()
        opt_g.zero_grad(); loss_g.backward(); opt_g.step()
        gnorm = critic_input_grad_norm(C, real) if cfg.log_critic_input_grad else float("nan")
        log.info("step %d critic %.4f gen %.4f |dC/dx| %.4f", step, loss_c.item(), loss_g.item(), gnorm)


if __name__ == "__main__":
    main()
