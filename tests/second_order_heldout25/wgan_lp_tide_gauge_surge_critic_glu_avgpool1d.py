"""WGAN-LP (Petzka et al., one-sided Lipschitz penalty) for storm-surge residuals of tide-gauge records."""
import argparse

import torch
import torch.nn as nn


class SurgeGenerator(nn.Module):
    def __init__(self, z_dim=16, length=64):
        super().__init__()
        self.length = length
        self.fc = nn.Sequential(nn.Linear(z_dim, 128), nn.Tanh(), nn.Linear(128, length))

    def forward(self, z):
        return self.fc(z).unsqueeze(1)


class SurgeCritic(nn.Module):
    def __init__(self, ch=16, length=64):
        super().__init__()
        self.conv1 = nn.Conv1d(1, 2 * ch, 5, padding=2)
        self.gate = nn.GLU(dim=1)
        self.down = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(ch, ch, 5, padding=2)
        self.act = nn.LeakyReLU(0.2)
        self.out = nn.Linear(ch * (length // 2), 1)

    def forward(self, x):
        h = self.down(self.gate(self.conv1(x)))
        h = self.act(self.conv2(h))
        return self.out(h.flatten(1))


def lipschitz_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1, 1)
    x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    score = critic(x_hat)
    grads, = torch.autograd.grad(score, x_hat, grad_outputs=torch.ones_like(score), create_graph=True)
    slopes = grads.flatten(1).norm(2, dim=1)
    return torch.clamp(slopes - 1.0, min=0.0).pow(2).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=2)
    ap.add_argument("--lp_weight", type=float, default=10.0)
    args = ap.parse_args()
    G, D = SurgeGenerator(), SurgeCritic()
    opt_g = torch.optim.RMSprop(G.parameters(), lr=5e-5)
    opt_d = torch.optim.RMSprop(D.parameters(), lr=5e-5)
    for it in range(args.iters):
        real = torch.randn(8, 1, 64).cumsum(-1) * 0.05
        fake = G(torch.randn(8, 16)).detach()
        d_loss = D(fake).mean() - D(real).mean() + args.lp_weight * lipschitz_penalty(D, real, fake)
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = -D(G(torch.randn(8, 16))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(it, float(d_loss), float(g_loss))


if __name__ == "__main__":
    main()
