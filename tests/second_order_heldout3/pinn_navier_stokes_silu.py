"""Navier-Stokes PINN (Raissi et al.) with a stream-function network: velocities from first derivatives, residuals need up to third derivatives."""
import math

import torch
from torch import nn


class FourierFeatures(nn.Module):
    def __init__(self, d_in=3, n_freq=16, scale=2.0):
        super().__init__()
        self.register_buffer("B", torch.randn(d_in, n_freq) * scale)

    def forward(self, x):
        proj = 2 * math.pi * x @ self.B
        return torch.cat([torch.sin(proj), torch.cos(proj)], dim=-1)


class StreamNet(nn.Module):
    def __init__(self, width=64, depth=4):
        super().__init__()
        self.ff = FourierFeatures()
        layers = [nn.Linear(32, width), nn.SiLU()]
        for _ in range(depth - 1):
            layers += [nn.Linear(width, width), nn.SiLU()]
        layers.append(nn.Linear(width, 2))
        self.mlp = nn.Sequential(*layers)

    def forward(self, x, y, t):
        return self.mlp(self.ff(torch.stack([x, y, t], dim=-1)))


def d(f, x):
    return torch.autograd.grad(f, x, grad_outputs=torch.ones_like(f), create_graph=True)[0]


def residuals(net, x, y, t, lam1=1.0, lam2=0.01):
    out = net(x, y, t)
    psi, p = out[..., 0], out[..., 1]
    u, v = d(psi, y), -d(psi, x)
    u_t, u_x, u_y = d(u, t), d(u, x), d(u, y)
    v_t, v_x, v_y = d(v, t), d(v, x), d(v, y)
    f_u = u_t + lam1 * (u * u_x + v * u_y) + d(p, x) - lam2 * (d(u_x, x) + d(u_y, y))
    f_v = v_t + lam1 * (u * v_x + v * v_y) + d(p, y) - lam2 * (d(v_x, x) + d(v_y, y))
    return u, v, f_u, f_v


def train(data, iters=5000):
    net = StreamNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    x, y, t, u_obs, v_obs = [a.clone().requires_grad_(True) for a in data]
    for _ in range(iters):
        u, v, f_u, f_v = residuals(net, x, y, t)
        loss = ((u - u_obs) ** 2).mean() + ((v - v_obs) ** 2).mean() + (f_u ** 2).mean() + (f_v ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
