import logging

import torch

from config import CONFIG
from losses import d_logistic_loss, g_nonsaturating_loss, r1_reg
from nets import MoraineGenerator, build_discriminator

log = logging.getLogger("moraine_gan")


def moraine_tiles(n, res):
    creek = torch.sin(torch.linspace(0, 9.0, res)).view(1, 1, 1, res)
    veg = torch.rand(n, 1, res, res) * 0.3
    img = torch.cat([veg, 0.4 + veg + 0.2 * creek.expand(n, 1, res, res), 0.2 * veg], 1)
    return img * 2 - 1


def main(cfg=CONFIG):
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    torch.set_num_threads(1)
    disc, gen = build_discriminator(cfg["disc_arch"]), MoraineGenerator(cfg["z_dim"], cfg["res"])
    opt_d = torch.optim.Adam(disc.parameters(), cfg["lr"], betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(gen.parameters(), cfg["lr"], betas=(0.0, 0.99))
    for step in range(cfg["steps"]):
        real = moraine_tiles(cfg["batch"], cfg["res"])
        fake = gen(torch.randn(cfg["batch"], cfg["z_dim"]))
        d_loss = d_logistic_loss(disc(real).squeeze(1), disc(fake.detach()).squeeze(1))
        if cfg["r1_gamma"] > 0 and step % cfg["r1_every"] == 0:
            d_loss = d_loss + 0.5 * cfg["r1_gamma"] * cfg["r1_every"] * r1_reg(disc, real)
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()

        g_loss = g_nonsaturating_loss(disc(gen(torch.randn(cfg["batch"], cfg["z_dim"]))).squeeze(1))
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        log.info("step %d d %.4f g %.4f", step, d_loss.item(), g_loss.item())


if __name__ == "__main__":
    main()
