"""Kirchhoff-Love plate PINN for a clamped bridge-deck panel under a patch load.

D * (w_xxxx + 2 w_xxyy + w_yyyy) = q(x, y) on the unit square, w = dw/dn = 0 on the edges.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

FLEXURAL_RIGIDITY = 1.0
N_FOURIER = 6


def init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.xavier_normal_(m.weight)
        nn.init.zeros_(m.bias)


class DeflectionNet(nn.Module):
    def __init__(self, width=24):
        super().__init__()
        self.freqs = nn.Parameter(torch.randn(2, N_FOURIER) * 0.5, requires_grad=False)
        self.lift = nn.Linear(2 * N_FOURIER, width)
        self.hidden = nn.Linear(width, width)
        self.act = nn.SELU()
        self.out = nn.Linear(width, 1)

    def forward(self, xy):
        proj = 2 * math.pi * xy @ self.freqs
        feats = torch.cat([torch.sin(proj), torch.cos(proj)], dim=-1)
        h = self.act(self.lift(feats))
        h = F.softplus(self.hidden(h)) - math.log(2.0)
        return self.out(h)


def partial(u, x, idx):
    return torch.autograd.grad(u.sum(), x, create_graph=True)[0][:, idx:idx + 1]


def derivative(u, x, orders):
    """orders: a sequence of coordinate indices, e.g. (0, 0, 1, 1) for u_xxyy."""
    for idx in orders:
        u = partial(u, x, idx)
    return u


def patch_load(xy):
    inside = ((xy - 0.5).abs() < 0.15).all(dim=-1, keepdim=True)
    return inside.float() * 5.0


def plate_residual(net, xy):
    xy = xy.requires_grad_(True)
    w = net(xy)
    w_xxxx = derivative(w, xy, (0, 0, 0, 0))
    w_xxyy = derivative(w, xy, (0, 0, 1, 1))
    w_yyyy = derivative(w, xy, (1, 1, 1, 1))
    return FLEXURAL_RIGIDITY * (w_xxxx + 2 * w_xxyy + w_yyyy) - patch_load(xy)


def boundary_points(n):
    t = torch.rand(n, 1)
    zeros, ones = torch.zeros_like(t), torch.ones_like(t)
    return torch.cat([torch.cat([t, zeros], 1), torch.cat([t, ones], 1),
                      torch.cat([zeros, t], 1), torch.cat([ones, t], 1)], 0)


def clamped_bc(net, xy):
    xy = xy.requires_grad_(True)
    w = net(xy)
    grad_w = torch.autograd.grad(w.sum(), xy, create_graph=True)[0]
    return (w ** 2).mean() + (grad_w ** 2).mean()


def main(steps=6):
    torch.manual_seed(1)
    net = DeflectionNet()
    net.apply(init_weights)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for step in range(steps):
        interior = torch.rand(32, 2)
        res = plate_residual(net, interior)
        loss = (res ** 2).mean() + 10.0 * clamped_bc(net, boundary_points(8))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 5 == 0:
            print(f"step {step} loss {loss.item():.4e}")


if __name__ == "__main__":
    main()
