"""SIREN image fit with a Laplacian smoothness prior (Sitzmann et al., 2020 style)."""
import math

import torch
from torch import nn


class SineLayer(nn.Module):
    def __init__(self, fan_in, fan_out, w0=30.0, first=False):
        super().__init__()
        self.w0 = w0
        self.linear = nn.Linear(fan_in, fan_out)
        bound = 1 / fan_in if first else math.sqrt(6 / fan_in) / w0
        nn.init.uniform_(self.linear.weight, -bound, bound)

    def forward(self, x):
        return torch.sin(self.w0 * self.linear(x))


class Siren(nn.Module):
    def __init__(self, hidden=64, layers=3):
        super().__init__()
        mods = [SineLayer(2, hidden, first=True)]
        mods += [SineLayer(hidden, hidden) for _ in range(layers - 1)]
        self.net = nn.Sequential(*mods)
        self.last = nn.Linear(hidden, 1)

    def forward(self, coords):
        return self.last(self.net(coords))


def laplacian(y, x):
    g = torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)[0]
    lap = 0.0
    for i in range(x.shape[-1]):
        lap = lap + torch.autograd.grad(g[..., i], x, torch.ones_like(g[..., i]), create_graph=True)[0][..., i]
    return lap


def grid(n):
    t = torch.linspace(-1, 1, n)
    return torch.stack(torch.meshgrid(t, t, indexing="ij"), -1).reshape(-1, 2)


coords = grid(16)
image = torch.sin(3 * coords[:, :1]) * torch.cos(2 * coords[:, 1:])
model = Siren(hidden=32)
optim = torch.optim.Adam(model.parameters(), lr=1e-4)
for it in range(2):
    x = coords.clone().requires_grad_(True)
    pred = model(x)
    loss = ((pred - image) ** 2).mean() + 1e-4 * laplacian(pred, x).pow(2).mean()
    optim.zero_grad()
    loss.backward()
    optim.step()
    print(it, loss.item())
