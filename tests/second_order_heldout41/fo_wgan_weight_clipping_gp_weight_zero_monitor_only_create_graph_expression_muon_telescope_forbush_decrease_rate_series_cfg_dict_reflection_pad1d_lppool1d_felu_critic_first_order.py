"""WGAN with weight clipping for hourly count-rate series of a muon telescope, augmenting the rare
Forbush-decrease events (sudden cosmic-ray drops after coronal mass ejections).

The gradient penalty is kept for ablations but its weight is 0 in this configuration: the critic is
kept Lipschitz by clipping, and the input-gradient norm at interpolates is only logged as a diagnostic.
With lambda_gp == 0 no graph is built for the penalty (create_graph follows the weight).
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "series_len": 48,
    "z_dim": 16,
    "batch": 8,
    "iters": 3,
    "n_critic": 3,
    "lr": 5e-5,
    "clip": 0.01,
    "lambda_gp": 0.0,
}


class RateCritic(nn.Module):
    def __init__(self, length, ch=16):
        super().__init__()
        self.pad = nn.ReflectionPad1d(2)
        self.conv1 = nn.Conv1d(1, ch, 5)
        self.pool = nn.LPPool1d(2, kernel_size=2)
        self.conv2 = nn.Conv1d(ch, ch, 3, padding=1)
        self.fc = nn.Linear(ch * (length // 4), 1)

    def forward(self, x):
        h = F.elu(self.conv1(self.pad(x)))
        h = self.pool(h)
        h = self.pool(F.elu(self.conv2(h)))
        return self.fc(h.flatten(1))


class RateGenerator(nn.Module):
    def __init__(self, z_dim, length):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, 64), nn.SiLU(), nn.Linear(64, length))

    def forward(self, z):
        return self.net(z).unsqueeze(1)


def forbush_series(n, length):
    t = torch.arange(length).float()
    onset = torch.randint(8, length - 16, (n, 1)).float()
    depth = 0.02 + 0.08 * torch.rand(n, 1)
    recovery = 5 + 15 * torch.rand(n, 1)
    drop = depth * (t >= onset).float() * torch.exp(-(t - onset).clamp(min=0) / recovery)
    diurnal = 0.004 * torch.sin(2 * math.pi * t / 24 + torch.rand(n, 1) * 6.28)
    rate = 1.0 - drop + diurnal + 0.003 * torch.randn(n, length)
    return ((rate - 1.0) / 0.05).unsqueeze(1)


def gradient_penalty(critic, real, fake, lam):
    eps = torch.rand(real.size(0), 1, 1)
    x_hat = (eps * real + (1 - eps) * fake).requires_grad_(True)
    g, = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=lam > 0)
    gnorm = g.flatten(1).norm(dim=1)
    return (gnorm - 1).pow(2).mean(), gnorm.mean().item()


def train(cfg=CFG):
    torch.manual_seed(8)
    D, G = RateCritic(cfg["series_len"]), RateGenerator(cfg["z_dim"], cfg["series_len"])
    opt_d = torch.optim.RMSprop(D.parameters(), lr=cfg["lr"])
    opt_g = torch.optim.RMSprop(G.parameters(), lr=cfg["lr"])
    for it in range(cfg["iters"]):
        for _ in range(cfg["n_critic"]):
            real = forbush_series(cfg["batch"], cfg["series_len"])
            fake = G(torch.randn(cfg["batch"], cfg["z_dim"])).detach()
            gp, gnorm = gradient_penalty(D, real, fake, cfg["lambda_gp"])
            loss_d = D(fake).mean() - D(real).mean() + cfg["lambda_gp"] * gp
            opt_d.zero_grad()
            loss_d.backward()
            opt_d.step()
            for p in D.parameters():
                p.data.clamp_(-cfg["clip"], cfg["clip"])
        loss_g = -D(G(torch.randn(cfg["batch"], cfg["z_dim"]))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"iter {it}: W {-loss_d.item():.5f}  |grad D| {gnorm:.4f}  G {loss_g.item():.5f}")


if __name__ == "__main__":
    train()
