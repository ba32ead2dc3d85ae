"""Tabular GAN (CTGAN-like conditional generator) trained with the WGAN-LP critic of Petzka et al. (2018):
the one-sided Lipschitz penalty max(0, |grad D(x_hat)| - 1)^2 on random interpolates, with PacGAN packing."""
import argparse

import torch
from torch import nn, optim
from torch.autograd import grad as torch_grad


class Residual(nn.Module):
    def __init__(self, i, o):
        super().__init__()
        self.fc = nn.Linear(i, o)
        self.bn = nn.BatchNorm1d(o)
        self.relu = nn.ReLU()

    def forward(self, x):
        return torch.cat([self.relu(self.bn(self.fc(x))), x], dim=1)


class Generator(nn.Module):
    def __init__(self, z_dim, dims, data_dim):
        super().__init__()
        seq, d = [], z_dim
        for h in dims:
            seq.append(Residual(d, h))
            d += h
        seq.append(nn.Linear(d, data_dim))
        self.seq = nn.Sequential(*seq)

    def forward(self, z):
        return self.seq(z)


class Critic(nn.Module):
    def __init__(self, data_dim, dims=(256, 256), pac=10):
        super().__init__()
        self.pac = pac
        d = data_dim * pac
        seq = []
        for h in dims:
            seq += [nn.Linear(d, h), nn.PReLU(h), nn.Dropout(0.5)]
            d = h
        seq.append(nn.Linear(d, 1))
        self.seq = nn.Sequential(*seq)

    def forward(self, x):
        return self.seq(x.view(-1, self.pac * x.size(1)))


def lipschitz_penalty(critic, real, fake, pac=10, lam=10.0):
    alpha = torch.rand(real.size(0) // pac, 1, 1).repeat(1, pac, real.size(1)).view(-1, real.size(1))
    x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    out = critic(x_hat)
    g = torch_grad(outputs=out, inputs=x_hat, grad_outputs=torch.ones_like(out),
                   create_graph=True, retain_graph=True, only_inputs=True)[0]
    g = g.view(-1, pac * real.size(1))
    return lam * torch.clamp(g.norm(2, dim=1) - 1, min=0).pow(2).mean()


def main(args, data):
    G = Generator(args.z_dim, (256, 256), data.size(1))
    D = Critic(data.size(1), pac=args.pac)
    opt_g = optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.9), weight_decay=1e-6)
    opt_d = optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.9))
    for epoch in range(args.epochs):
        for i in range(0, data.size(0) - args.batch + 1, args.batch):
            real = data[i : i + args.batch]
            for _ in range(args.n_critic):
                fake = G(torch.randn(args.batch, args.z_dim)).detach()
                loss_d = D(fake).mean() - D(real).mean() + lipschitz_penalty(D, real, fake, args.pac)
                opt_d.zero_grad()
                loss_d.backward()
                opt_d.step()
            loss_g = -D(G(torch.randn(args.batch, args.z_dim))).mean()
            opt_g.zero_grad()
            loss_g.backward()
            opt_g.step()
    return G


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--z-dim", type=int, default=128)
    p.add_argument("--pac", type=int, default=10)
    p.add_argument("--batch", type=int, default=20)
    p.add_argument("--epochs", type=int, default=300)
    p.add_argument("--n-critic", type=int, default=1)
    a = p.parse_args(["--epochs", "1"])
    main(a, torch.randn(40, 7))
