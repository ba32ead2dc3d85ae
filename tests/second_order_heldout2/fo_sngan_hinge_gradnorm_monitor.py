"""SNGAN with hinge loss; the discriminator's input-gradient norm is only monitored (no create_graph, detached)."""
import torch
from torch import nn
from torch.nn.utils import spectral_norm


class SNDiscriminator(nn.Module):
    def __init__(self, ch=64):
        super().__init__()
        self.main = nn.Sequential(
            spectral_norm(nn.Conv2d(3, ch, 3, 1, 1)), nn.LeakyReLU(0.1),
            spectral_norm(nn.Conv2d(ch, ch * 2, 4, 2, 1)), nn.LeakyReLU(0.1), nn.AvgPool2d(2),
            spectral_norm(nn.Conv2d(ch * 2, ch * 4, 3, 1, 1)), nn.LeakyReLU(0.1), nn.AdaptiveAvgPool2d(1),
        )
        self.linear = spectral_norm(nn.Linear(ch * 4, 1))

    def forward(self, x):
        return self.linear(self.main(x).flatten(1))


def input_grad_norm(disc, x):
    x = x.detach().requires_grad_(True)
    out = disc(x).sum()
    g = torch.autograd.grad(out, x, create_graph=False)[0]
    return g.flatten(1).norm(dim=1).mean().item()


def train(gen, loader, n_dis=5, steps=10000):
    disc = SNDiscriminator()
    opt_d = torch.optim.Adam(disc.parameters(), 2e-4, betas=(0.0, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), 2e-4, betas=(0.0, 0.9))
    history = []
    for step, real in zip(range(steps), loader):
        for _ in range(n_dis):
            fake = gen(torch.randn(real.size(0), 128)).detach()
            loss_d = torch.relu(1.0 - disc(real)).mean() + torch.relu(1.0 + disc(fake)).mean()
            opt_d.zero_grad()
            loss_d.backward()
            opt_d.step()
        loss_g = -disc(gen(torch.randn(real.size(0), 128))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        if step % 100 == 0:
            history.append(input_grad_norm(disc, real))
    return history
