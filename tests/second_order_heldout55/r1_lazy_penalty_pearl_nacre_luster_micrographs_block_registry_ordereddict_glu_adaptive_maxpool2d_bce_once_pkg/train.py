import math

import torch

from config import cfg
from layers import build
from losses import LOSSES, g_bce, r1_penalty


def nacre_batch(n, img=16):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, img), torch.linspace(-1, 1, img), indexing="ij")
    freq = 3 + 4 * torch.rand(n, 1, 1, 1)
    phase = 2 * math.pi * torch.rand(n, 1, 1, 1)
    rings = torch.sin(freq * (xx ** 2 + yy ** 2).sqrt() * math.pi + phase)
    tint = torch.tensor([0.9, 0.8, 0.85]).view(1, 3, 1, 1) + 0.1 * torch.randn(n, 3, 1, 1)
    return (0.6 * rings * tint + 0.05 * torch.randn(n, 3, img, img)).clamp(-1, 1)


def main():
    torch.manual_seed(6)
    D, G = build(cfg.critic), build(cfg.generator)
    opt_d = torch.optim.Adam(D.parameters(), lr=cfg.lr, betas=cfg.betas)
    opt_g = torch.optim.Adam(G.parameters(), lr=cfg.lr, betas=cfg.betas)
    d_loss_fn = LOSSES[cfg.d_loss]
    for it in range(cfg.iters):
        real = nacre_batch(cfg.batch, cfg.img)
        z = torch.randn(cfg.batch, cfg.nz)
        with torch.no_grad():
            fake = G(z)
        d_loss = d_loss_fn(D(real), D(fake))
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        r1 = torch.zeros(())
        if it % cfg.r1_every == 0:
            r1 = r1_penalty(D, real)
            opt_d.zero_grad()
            (0.5 * cfg.r1_gamma * cfg.r1_every * r1).backward()
            opt_d.step()
        g_loss = g_bce(D(G(torch.randn(cfg.batch, cfg.nz))))
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print("it %d  D %.4f  R1 %.4f  G %.4f" % (it, d_loss.item(), r1.item(), g_loss.item()))


if __name__ == "__main__":
    main()
