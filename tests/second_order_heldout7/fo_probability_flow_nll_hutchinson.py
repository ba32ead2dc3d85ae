"""VE-SDE score model trained by denoising score matching; test NLL (bits/dim) is computed by integrating
the probability-flow ODE with the Skilling-Hutchinson divergence estimator (score_sde's likelihood.py).
The divergence takes one vector-Jacobian product per step with no create_graph, and nothing is trained
through it."""
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class TinyScoreUNet(nn.Module):
    def __init__(self, c=32, sigma_min=0.01, sigma_max=50.0):
        super().__init__()
        self.t_embed = nn.Linear(1, c)
        self.d1 = nn.Conv2d(3, c, 3, padding=1)
        self.d2 = nn.Conv2d(c, 2 * c, 3, padding=1)
        self.u1 = nn.Conv2d(3 * c, c, 3, padding=1)
        self.out = nn.Conv2d(c, 3, 3, padding=1)
        self.sigma_min, self.sigma_max = sigma_min, sigma_max

    def sigma(self, t):
        return self.sigma_min * (self.sigma_max / self.sigma_min) ** t

    def forward(self, x, t):
        h1 = F.silu(self.d1(x) + self.t_embed(t[:, None])[:, :, None, None])
        h2 = F.silu(self.d2(F.avg_pool2d(h1, 2)))
        u = F.silu(self.u1(torch.cat([F.interpolate(h2, scale_factor=2, mode="nearest"), h1], 1)))
        return self.out(u) / self.sigma(t)[:, None, None, None]


def dsm_loss(model, x, eps=1e-5):
    t = torch.rand(x.size(0)) * (1 - eps) + eps
    std = model.sigma(t)[:, None, None, None]
    z = torch.randn_like(x)
    score = model(x + std * z, t)
    return ((score * std + z) ** 2).sum(dim=(1, 2, 3)).mean()


def ode_drift(model, x, t):
    s = model.sigma(t)
    g2 = s ** 2 * 2 * math.log(model.sigma_max / model.sigma_min)
    return -0.5 * g2[:, None, None, None] * model(x, t)


def hutchinson_div(model, x, t, eps):
    with torch.enable_grad():
        x = x.detach().requires_grad_(True)
        fn_eps = torch.sum(ode_drift(model, x, t) * eps)
        grad_fn_eps = torch.autograd.grad(fn_eps, x)[0]
    return torch.sum(grad_fn_eps * eps, dim=(1, 2, 3))


@torch.no_grad()
def bits_per_dim(model, x, n_steps=100):
    eps = torch.randint_like(x, 2) * 2 - 1
    delta_logp = torch.zeros(x.size(0))
    ts = torch.linspace(1e-5, 1.0, n_steps + 1)
    for t0, t1 in zip(ts[:-1], ts[1:]):
        t = torch.full((x.size(0),), float(t0))
        delta_logp += hutchinson_div(model, x, t, eps) * (t1 - t0)
        x = x + ode_drift(model, x, t) * (t1 - t0)
    N = np.prod(x.shape[1:])
    prior = -N / 2 * np.log(2 * np.pi * model.sigma_max ** 2) - (x ** 2).sum(dim=(1, 2, 3)) / (2 * model.sigma_max ** 2)
    return (-(prior + delta_logp) / (math.log(2) * N) + 7).mean().item()


def train(loader, test_x, epochs=10):
    model = TinyScoreUNet()
    opt = torch.optim.Adam(model.parameters(), lr=2e-4)
    for ep in range(epochs):
        for x in loader:
            loss = dsm_loss(model, x)
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
        print(ep, bits_per_dim(model, test_x, n_steps=4))
    return model


if __name__ == "__main__":
    train([torch.randn(2, 3, 8, 8)], torch.randn(2, 3, 8, 8), epochs=1)
