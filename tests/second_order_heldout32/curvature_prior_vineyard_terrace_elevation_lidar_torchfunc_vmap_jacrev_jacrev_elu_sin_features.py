"""Fit a smooth elevation field z = f(x, y) to drone LiDAR returns over vineyard terraces.

A thin-plate style prior penalises the Hessian of f, computed with torch.func (jacrev of jacrev).
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, jacrev, vmap


class FourierField(nn.Module):
    def __init__(self, n_freq=6, hidden=32):
        super().__init__()
        self.register_buffer("B", torch.randn(2, n_freq) * 2.0)
        self.l1 = nn.Linear(2 * n_freq, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.l3 = nn.Linear(hidden, 1)

    def forward(self, xy):
        proj = 2 * math.pi * xy @ self.B
        feats = torch.cat([torch.sin(proj), torch.cos(proj)], dim=-1)
        h = F.elu(self.l1(feats))
        h = torch.tanh(self.l2(h))
        return self.l3(h).squeeze(-1)


def hessian_energy(model, params, pts):
    def f(p):
        return functional_call(model, params, (p[None],))[0]

    H = vmap(jacrev(jacrev(f)))(pts)
    return H.pow(2).sum((-1, -2)).mean()


def main(steps=3, lam=1e-3):
    torch.manual_seed(0)
    field = FourierField()
    opt = torch.optim.Adam(field.parameters(), lr=1e-2)
    xy = torch.rand(64, 2)
    z = 0.3 * torch.floor(xy[:, 0] * 4) / 4 + 0.05 * torch.randn(64)
    for s in range(steps):
        params = dict(field.named_parameters())
        fit = F.mse_loss(field(xy), z)
        prior = hessian_energy(field, params, torch.rand(16, 2))
        loss = fit + lam * prior
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(s, fit.item(), prior.item())


if __name__ == "__main__":
    main()
