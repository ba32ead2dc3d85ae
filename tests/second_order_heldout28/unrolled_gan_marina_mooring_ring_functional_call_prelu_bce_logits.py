# Unrolled GAN (Metz et al. 2017) on a toy 2-D ring: GPS fixes of 8 mooring buoys
# around a marina basin. The generator is trained against a copy of the discriminator
# that has been unrolled K SGD steps ahead, differentiating through those steps.
import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class UnrollConfig:
    unroll_steps: int = 3
    d_lr: float = 0.05
    g_lr: float = 1e-3
    batch: int = 64
    zdim: int = 8
    iters: int = 3


def mooring_fixes(n, n_buoys=8, radius=2.0, jitter=0.05):
    k = torch.randint(0, n_buoys, (n,))
    ang = 2 * math.pi * k.float() / n_buoys
    centres = torch.stack([radius * torch.cos(ang), radius * torch.sin(ang)], 1)
    return centres + jitter * torch.randn(n, 2)


class Generator(nn.Module):
    def __init__(self, zdim, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(zdim, hidden), nn.ELU(), nn.Linear(hidden, hidden), nn.ELU(),
                                 nn.Linear(hidden, 2))

    def forward(self, z):
        return self.net(z)


class Discriminator(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(2, hidden),
            nn.PReLU(hidden),
            nn.Linear(hidden, hidden),
            nn.LeakyReLU(0.1),
            nn.Linear(hidden, 1),
        )

    def forward(self, x):
        return self.net(x)


def d_loss_fn(D, params, real, fake):
    real_logits = functional_call(D, params, (real,))
    fake_logits = functional_call(D, params, (fake,))
    loss_real = F.binary_cross_entropy_with_logits(real_logits, torch.ones_like(real_logits))
    loss_fake = F.binary_cross_entropy_with_logits(fake_logits, torch.zeros_like(fake_logits))
    return loss_real + loss_fake


def unroll(D, real, fake, steps, lr):
    params = dict(D.named_parameters())
    for _ in range(steps):
        loss = d_loss_fn(D, params, real, fake)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=True)
        params = {name: p - lr * g for (name, p), g in zip(params.items(), grads)}
    return params


def train(cfg):
    G, D = Generator(cfg.zdim), Discriminator()
    opt_g = torch.optim.Adam(G.parameters(), lr=cfg.g_lr)
    opt_d = torch.optim.SGD(D.parameters(), lr=cfg.d_lr)
    for it in range(cfg.iters):
        real = mooring_fixes(cfg.batch)
        z = torch.randn(cfg.batch, cfg.zdim)

        # plain discriminator update (first order)
        d_loss = d_loss_fn(D, dict(D.named_parameters()), real, G(z).detach())
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()

        # generator update through the unrolled discriminator
        fake = G(z)
        unrolled = unroll(D, real, fake, cfg.unroll_steps, cfg.d_lr)
        fake_logits = functional_call(D, unrolled, (fake,))
        g_loss = F.binary_cross_entropy_with_logits(fake_logits, torch.ones_like(fake_logits))
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"iter {it} d {d_loss.item():.3f} g {g_loss.item():.3f}")


if __name__ == "__main__":
    torch.manual_seed(0)
    train(UnrollConfig())
