"""WGAN-GP on drone tiles of tidal mud flats (ripple marks, channels, shell beds).
Both real and generated batches go through the same GPU augmentation before the critic (as in
ADA-style training); the gradient penalty is taken at interpolates of the augmented batches."""
import logging

import torch

from augment import build_augment
from config import Cfg
from models import Critic, Generator

log = logging.getLogger("tidal")


def tidal_tiles(n, res):
    xs = torch.linspace(0, 1, res)
    freq = torch.randint(2, 6, (n, 1, 1)).float()
    phase = torch.rand(n, 1, 1) * 6.28
    ripples = torch.sin(freq * 6.28 * xs.view(1, 1, res) + phase).expand(n, res, res)
    mud = torch.stack([0.4 + 0.2 * ripples, 0.35 + 0.2 * ripples, 0.3 + 0.1 * ripples], 1)
    return (mud + 0.05 * torch.randn_like(mud)) * 2 - 1


def gradient_penalty(critic, real_aug, fake_aug):
    eps = torch.rand(real_aug.size(0), 1, 1, 1)
    x_hat = (eps * real_aug + (1 - eps) * fake_aug.detach()).requires_grad_(True)
    scores = critic(x_hat)
    (g,) = torch.autograd.grad(scores, x_hat, grad_outputs=torch.ones_like(scores), create_graph=True)
    return ((g.flatten(1).norm(2, dim=1) - 1) ** 2).mean()


def main(cfg=Cfg()):
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    G, D = Generator(cfg.z_dim, cfg.ch, cfg.res), Critic(cfg.ch)
    augment = build_augment(cfg.aug)
    opt_g = torch.optim.Adam(G.parameters(), cfg.lr, betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), cfg.lr, betas=(0.0, 0.9))
    for step in range(cfg.steps):
        for _ in range(cfg.n_critic):
            real = tidal_tiles(cfg.batch, cfg.res)
            with torch.no_grad():
                fake = G(torch.randn(cfg.batch, cfg.z_dim))
            real_aug, fake_aug = augment(real), augment(fake)
            w_loss = D(fake_aug).mean() - D(real_aug).mean()
            gp = gradient_penalty(D, real_aug, fake_aug)
            opt_d.zero_grad()
            (w_loss + cfg.gp_lambda * gp).backward()
            assert D.n1.weight.grad is not None
            opt_d.step()
        g_loss = -D(augment(G(torch.randn(cfg.batch, cfg.z_dim)))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        log.info("step %d W %.4f gp %.4f g %.4f", step, -w_loss.item(), gp.item(), g_loss.item())


if __name__ == "__main__":
    main()
