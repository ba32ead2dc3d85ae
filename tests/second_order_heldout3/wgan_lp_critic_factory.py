"""WGAN-LP (Petzka et al.): one-sided Lipschitz penalty max(0, |grad| - 1)^2; the critic comes from a factory building layers in a loop."""
import torch
from torch import nn
import torch.nn.functional as F


def build_critic(channels=(3, 32, 64, 128)):
    blocks = []
    for cin, cout in zip(channels[:-1], channels[1:]):
        blocks.append(nn.Conv2d(cin, cout, 4, stride=2, padding=1))
        blocks.append(nn.ELU(alpha=1.0))
    head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(channels[-1], 1))
    return nn.Sequential(*blocks, head)


def lipschitz_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1, 1)
    x = (eps * real + (1 - eps) * fake).requires_grad_()
    (g,) = torch.autograd.grad(critic(x).sum(), x, create_graph=True)
    slopes = g.flatten(1).norm(dim=1)
    return F.relu(slopes - 1.0).pow(2).mean()


def train(generator, loader, n_critic=5, lp_weight=10.0, steps=1000):
    critic = build_critic()
    opt_c = torch.optim.RMSprop(critic.parameters(), lr=5e-5)
    opt_g = torch.optim.RMSprop(generator.parameters(), lr=5e-5)
    it = iter(loader)
    for step in range(steps):
        for _ in range(n_critic):
            real = next(it)
            with torch.no_grad():
                fake = generator(torch.randn(real.size(0), 128))
            loss_c = critic(fake).mean() - critic(real).mean() + lp_weight * lipschitz_penalty(critic, real, fake)
            opt_c.zero_grad()
            loss_c.backward()
            opt_c.step()
        loss_g = -critic(generator(torch.randn(real.size(0), 128))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
