"""Data + penalties for the sail luffing GAN notebook."""
import math

import torch
import torch.nn.functional as F


def sail_patches(n, res=16, luff=True, seed=0):
    g = torch.Generator().manual_seed(seed)
    yy, xx = torch.meshgrid(torch.linspace(0, 1, res), torch.linspace(0, 1, res), indexing="ij")
    out = []
    for _ in range(n):
        amp = (0.15 if luff else 0.02) * torch.rand(1, generator=g)
        k = 4 + 6 * torch.rand(1, generator=g)
        shade = 0.6 + amp * torch.sin(2 * math.pi * k * xx + 3 * yy)   # luffing ripples near the mast
        col = torch.stack([shade * 0.9, shade * 0.95, shade])
        out.append(col + 0.03 * torch.randn(3, res, res, generator=g))
    return torch.stack(out) * 2 - 1


def gradient_penalty(D, real, fake, center=1.0):
    a = torch.rand(real.size(0), 1, 1, 1)
    x = (a * real + (1 - a) * fake).requires_grad_(True)
    g, = torch.autograd.grad(D(x).sum(), x, create_graph=True)
    return ((g.flatten(1).norm(dim=1) - center) ** 2).mean()


def r1(D, real):
    real = real.requires_grad_(True)
    g, = torch.autograd.grad(D(real).sum(), real, create_graph=True)
    return g.pow(2).flatten(1).sum(1).mean()


def hinge_d(d_real, d_fake):
    return F.relu(1 - d_real).mean() + F.relu(1 + d_fake).mean()
