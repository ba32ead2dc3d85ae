"""WGAN with a one-sided Lipschitz penalty (WGAN-LP) for short seismic traces.

The critic's input gradient is taken with torch.autograd.functional.vjp(..., create_graph=True) on interpolates
between real traces, fakes and a second real batch.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import vjp

TRACE = 32
LATENT = 8


class TraceCritic(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv1 = nn.Conv1d(1, ch, 5)
        self.conv2 = nn.Conv1d(ch, ch, 5)
        self.head = nn.Linear(ch * 4, 1)

    def forward(self, trace):
        h = F.pad(trace, (2, 2), mode="circular")
        h = F.leaky_relu(self.conv1(h), 0.2)
        h = F.leaky_relu(self.conv2(F.pad(h, (2, 2), mode="circular")), 0.2)
        h = F.adaptive_max_pool1d(h, 4)
        return self.head(h.flatten(1))


class TraceGenerator(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(LATENT, 64), nn.ReLU(), nn.Linear(64, TRACE), nn.Tanh())

    def forward(self, z):
        return self.net(z).unsqueeze(1)


def lipschitz_penalty(critic, real_a, fake, real_b):
    w = torch.distributions.Dirichlet(torch.ones(3)).sample((real_a.size(0),))
    w = w.view(-1, 3, 1, 1)
    mixed = w[:, 0] * real_a + w[:, 1] * fake + w[:, 2] * real_b
    mixed = mixed.detach()
    _, grad_in = vjp(critic, mixed, torch.ones(mixed.size(0), 1), create_graph=True)
    norms = grad_in.flatten(1).norm(dim=1)
    return F.relu(norms - 1.0).pow(2).mean()


def seismic_batch(n=16):
    t = torch.linspace(0, 1, TRACE)
    f = torch.rand(n, 1) * 8 + 4
    decay = torch.exp(-3 * t)
    return (torch.sin(2 * 3.1416 * f * t) * decay).unsqueeze(1)


def main():
    torch.manual_seed(12)
    critic, gen = TraceCritic(), TraceGenerator()
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.5, 0.9))
    for it in range(4):
        for _ in range(2):
            real_a, real_b = seismic_batch(), seismic_batch()
            fake = gen(torch.randn(real_a.size(0), LATENT)).detach()
            lp = lipschitz_penalty(critic, real_a, fake, real_b)
            c_loss = critic(fake).mean() - critic(real_a).mean() + 10.0 * lp
            opt_c.zero_grad()
            c_loss.backward()
            opt_c.step()
        g_loss = -critic(gen(torch.randn(16, LATENT))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"it {it} critic {c_loss.item():.4f} lp {lp.item():.4f} gen {g_loss.item():.4f}")


if __name__ == "__main__":
    main()
