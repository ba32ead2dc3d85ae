"""DRAGAN on tabular municipal water-meter readings (daily volume, night flow, pressure, ...).

The gradient penalty is taken at real samples perturbed by noise scaled with the per-feature std
(Kodali et al., 2017). The adversarial loss is a functools.partial default argument.
"""
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

FEATURES = 7
LATENT = 6


class Critic(nn.Module):
    def __init__(self, d=FEATURES, h=32):
        super().__init__()
        self.inp = nn.Linear(d, h)
        self.norm = nn.LayerNorm(h)
        self.act = nn.PReLU(h)
        self.out = nn.Linear(h, 1)

    def forward(self, x):
        return self.out(self.act(self.norm(self.inp(x))))


class Generator(nn.Module):
    def __init__(self, z=LATENT, d=FEATURES, h=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z, h), nn.ELU(), nn.Linear(h, d))

    def forward(self, z):
        return self.net(z)


def dragan_penalty(critic, real, k=1.0, c=0.5):
    noise = c * real.std(dim=0, keepdim=True) * torch.rand_like(real)
    x_hat = (real + noise).detach().requires_grad_(True)
    g = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)[0]
    return ((g.norm(2, dim=1) - k) ** 2).mean()


def critic_step(critic, real, fake, loss_fn=partial(F.binary_cross_entropy_with_logits, reduction="mean")):
    d_real, d_fake = critic(real), critic(fake)
    adv = loss_fn(d_real, torch.ones_like(d_real)) + loss_fn(d_fake, torch.zeros_like(d_fake))
    return adv + 10.0 * dragan_penalty(critic, real)


def readings(n):
    base = torch.randn(n, FEATURES)
    base[:, 1] = base[:, 0].abs() * 0.2 + 0.05 * base[:, 1]
    return base


def main():
    torch.manual_seed(0)
    critic, gen = Critic(), Generator()
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.5, 0.9))
    for it in range(3):
        real = readings(32)
        fake = gen(torch.randn(32, LATENT)).detach()
        opt_c.zero_grad()
        loss_c = critic_step(critic, real, fake)
        loss_c.backward()
        opt_c.step()

        opt_g.zero_grad()
        d = critic(gen(torch.randn(32, LATENT)))
        loss_g = F.binary_cross_entropy_with_logits(d, torch.ones_like(d))
        loss_g.backward()
        opt_g.step()
        print(it, round(loss_c.item(), 4), round(loss_g.item(), 4))


if __name__ == "__main__":
    main()
