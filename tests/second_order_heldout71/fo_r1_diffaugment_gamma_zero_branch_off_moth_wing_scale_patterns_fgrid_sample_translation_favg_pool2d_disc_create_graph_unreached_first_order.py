"""Moth wing scale-pattern GAN, DiffAugment + lazy R1 (StyleGAN2 style).

This configuration is the 'no-R1' ablation of the sweep: r1_gamma is 0, so the lazy regulariser never
runs and the discriminator is trained with the plain logistic loss only.
"""
import logging
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("moth")


@dataclass(frozen=True)
class TrainCfg:
    res: int = 16
    z_dim: int = 32
    batch: int = 8
    steps: int = 4
    r1_gamma: float = 0.0
    r1_every: int = 2
    translate: float = 0.125


def translate(x, ratio):
    b = x.size(0)
    theta = torch.eye(2, 3).unsqueeze(0).repeat(b, 1, 1)
    theta[:, :, 2] = (torch.rand(b, 2) * 2 - 1) * ratio * 2
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    return F.grid_sample(x, grid, padding_mode="reflection", align_corners=False)


def augment(x, cfg):
    x = x + (torch.rand(x.size(0), 1, 1, 1) - 0.5)
    return translate(x, cfg.translate)


class Disc(nn.Module):
    def __init__(self, ch=32):
        super().__init__()
        self.c1 = nn.Conv2d(3, ch, 3, padding=1)
        self.c2 = nn.Conv2d(ch, ch, 3, padding=1)
        self.fc = nn.Linear(ch * 16, 1)

    def forward(self, x):
        h = F.avg_pool2d(F.leaky_relu(self.c1(x), 0.2), 2)
        h = F.avg_pool2d(F.leaky_relu(self.c2(h), 0.2), 2)
        return self.fc(h.flatten(1))


class Gen(nn.Module):
    def __init__(self, z_dim=32, ch=32):
        super().__init__()
        self.fc = nn.Linear(z_dim, ch * 16)
        self.c = nn.Conv2d(ch, 3, 3, padding=1)
        self.ch = ch

    def forward(self, z):
        h = self.fc(z).view(-1, self.ch, 4, 4)
        return torch.tanh(self.c(F.interpolate(h, scale_factor=4, mode="nearest")))


def wing_batch(cfg):
    t = torch.linspace(0, 6.28, cfg.res)
    bands = torch.sin(t[None, :] * torch.randint(1, 4, (cfg.batch, 1)).float())
    img = bands[:, None, None, :].expand(cfg.batch, 3, cfg.res, cfg.res)
    return (img + 0.1 * torch.randn_like(img)).clamp(-1, 1)


def r1_reg(D, real, cfg):
    real = real.detach().requires_grad_(True)
    out = D(augment(real, cfg))
    (g,) = torch.autograd.grad(out.sum(), real, create_graph=True)
    return g.pow(2).flatten(1).sum(1).mean() * (cfg.r1_gamma / 2) * cfg.r1_every


def main(cfg=TrainCfg()):
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    D, G = Disc(), Gen(cfg.z_dim)
    opt_d = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.0, 0.99))
    for step in range(cfg.steps):
        real = wing_batch(cfg)
        z = torch.randn(cfg.batch, cfg.z_dim)
        d_loss = F.softplus(D(augment(G(z).detach(), cfg))).mean() + F.softplus(-D(augment(real, cfg))).mean()
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        if cfg.r1_gamma > 0 and step % cfg.r1_every == 0:
            opt_d.zero_grad()
            r1_reg(D, real, cfg).backward()
            opt_d.step()
        g_loss = F.softplus(-D(augment(G(z), cfg))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        log.info("step %d d %.4f g %.4f (r1 %s)", step, d_loss.item(), g_loss.item(),
                 "on" if cfg.r1_gamma > 0 else "off")


if __name__ == "__main__":
    main()
