"""WGAN-GP on synthetic canopy inflation traces (snatch force peak, breathing, full open)."""
import logging
import math

import torch

from config import CFG
from nets import CanopyGenerator, build_critic
from penalties import gradient_penalty

log = logging.getLogger("canopy_gan")


def synth_inflation_traces(cfg, n, generator):
    t = torch.linspace(0, 1, cfg.trace_len)
    t_open = 0.2 + 0.2 * torch.rand(n, 1, generator=generator)
    peak = 1.5 + torch.rand(n, 1, generator=generator)
    shock = peak * torch.exp(-((t - t_open) / 0.04) ** 2)
    breathing = 0.15 * torch.sin(2 * math.pi * 9 * (t - t_open)) * (t > t_open)
    steady = torch.sigmoid((t - t_open) / 0.02)
    x = shock + breathing + steady + 0.03 * torch.randn(n, cfg.trace_len, generator=generator)
    return x.unsqueeze(1)


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(13)
    G, D = CanopyGenerator(CFG), build_critic(CFG)
    opt_g = torch.optim.Adam(G.parameters(), CFG.lr, betas=CFG.betas)
    opt_d = torch.optim.Adam(D.parameters(), CFG.lr, betas=CFG.betas)
    for step in range(CFG.steps):
        for _ in range(CFG.n_critic):
            real = synth_inflation_traces(CFG, CFG.batch, gen)
            fake = G(torch.randn(CFG.batch, CFG.z_dim)).detach()
            gp = gradient_penalty(D, real, fake)
            loss_d = D(fake).mean() - D(real).mean() + CFG.gp_weight * gp
            opt_d.zero_grad(set_to_none=True)
            loss_d.backward()
            opt_d.step()
        prelu_grad = D.act0.weight.grad
        loss_g = -D(G(torch.randn(CFG.batch, CFG.z_dim))).mean()
        opt_g.zero_grad(set_to_none=True)
        loss_g.backward()
        opt_g.step()
        log.info("step %d loss_d %.4f gp %.4f loss_g %.4f |grad prelu0| %.3e", step, loss_d.item(), gp.item(),
                 loss_g.item(), prelu_grad.norm().item())


if __name__ == "__main__":
    main()
