"""WGAN-GP on synthetic ice-core isotope profiles (d18O, dD per depth bin).

The critic reads a profile bottom-to-top with a bidirectional LSTM; the generator is an MLP.
"""
import argparse

import torch
import torch.nn as nn


class ProfileGenerator(nn.Module):
    def __init__(self, z_dim=16, depth=24, channels=2):
        super().__init__()
        self.depth, self.channels = depth, channels
        self.net = nn.Sequential(
            nn.Linear(z_dim, 64),
            nn.LayerNorm(64),
            nn.Hardtanh(-3.0, 3.0),
            nn.Linear(64, depth * channels),
        )

    def forward(self, z):
        return self.net(z).view(-1, self.depth, self.channels)


class LSTMCritic(nn.Module):
    def __init__(self, channels=2, hidden=16):
        super().__init__()
        self.rnn = nn.LSTM(channels, hidden, batch_first=True, bidirectional=True)
        self.norm = nn.LayerNorm(2 * hidden)
        self.act = nn.PReLU(2 * hidden)
        self.out = nn.Linear(2 * hidden, 1)

    def forward(self, x):
        h, _ = self.rnn(x)
        h = self.norm(h.mean(dim=1))
        return self.out(self.act(h))


def gradient_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1, 1)
    interp = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    score = critic(interp)
    grads = torch.autograd.grad(outputs=score, inputs=interp, grad_outputs=torch.ones_like(score),
                                create_graph=True, retain_graph=True)[0]
    return ((grads.flatten(1).norm(2, dim=1) - 1) ** 2).mean()


def sample_real(batch, depth=24):
    t = torch.linspace(0, 6.28, depth)
    phase = torch.rand(batch, 1) * 6.28
    d18o = -35 + 3 * torch.sin(t + phase) + 0.3 * torch.randn(batch, depth)
    dd = 8 * d18o + 10 + torch.randn(batch, depth)
    return torch.stack([d18o / 40, dd / 300], dim=-1)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--iters", type=int, default=2)
    p.add_argument("--n-critic", type=int, default=2)
    p.add_argument("--lambda-gp", type=float, default=10.0)
    args = p.parse_args()

    G, D = ProfileGenerator(), LSTMCritic()
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.5, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.5, 0.9))
    for it in range(args.iters):
        for _ in range(args.n_critic):
            real = sample_real(8)
            fake = G(torch.randn(8, 16)).detach()
            loss_d = D(fake).mean() - D(real).mean()
            gp = gradient_penalty(D, real, fake)
            opt_d.zero_grad()
            (loss_d + args.lambda_gp * gp).backward()
            opt_d.step()
        loss_g = -D(G(torch.randn(8, 16))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"iter {it} W={-loss_d.item():.3f} gp={gp.item():.3f}")


if __name__ == "__main__":
    main()
