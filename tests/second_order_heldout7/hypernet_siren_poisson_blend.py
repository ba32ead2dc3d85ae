"""Generalisable gradient-domain image blending: a convolutional hypernetwork reads the source/target pair
and emits the weights of a small SIREN f(x; W); the SIREN is fitted to the Poisson equation, i.e. its
Laplacian must match the Laplacian of the source inside the mask (Sitzmann et al. 2020, sec. 4.1)."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class ContextEncoder(nn.Module):
    def __init__(self, latent=256):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(7, 32, 3, padding=1), nn.PReLU(32), nn.AvgPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.PReLU(64), nn.AvgPool2d(2),
            nn.Conv2d(64, 128, 3, padding=1), nn.PReLU(128), nn.AdaptiveAvgPool2d(1))
        self.fc = nn.Linear(128, latent)

    def forward(self, src, tgt, mask):
        lowres = F.interpolate(torch.cat([src, tgt, mask], 1), size=(64, 64), mode="bilinear", align_corners=False)
        return self.fc(self.net(lowres).flatten(1))


class HyperSiren(nn.Module):
    def __init__(self, latent=256, hidden=64, n_hidden=3, omega=30.0):
        super().__init__()
        self.shapes = [(hidden, 2)] + [(hidden, hidden)] * n_hidden + [(3, hidden)]
        self.heads = nn.ModuleList([nn.Linear(latent, o * i + o) for o, i in self.shapes])
        self.omega = omega
        for head, (o, i) in zip(self.heads, self.shapes):
            nn.init.uniform_(head.weight, -1e-4, 1e-4)
            bound = 1 / i if head is self.heads[0] else math.sqrt(6 / i) / omega
            nn.init.uniform_(head.bias, -bound, bound)

    def forward(self, z, coords):
        h = coords
        for k, (head, (o, i)) in enumerate(zip(self.heads, self.shapes)):
            wb = head(z)[0]
            w, b = wb[: o * i].view(o, i), wb[o * i :]
            h = F.linear(h, w, b)
            if k < len(self.shapes) - 1:
                h = torch.sin(self.omega * h)
        return h


def laplacian(y, x):
    lap = 0.0
    for c in range(y.shape[-1]):
        (g,) = torch.autograd.grad(y[..., c].sum(), x, create_graph=True)
        for d in range(x.shape[-1]):
            lap = lap + torch.autograd.grad(g[..., d].sum(), x, create_graph=True)[0][..., d:d + 1]
    return lap


def fit(pairs, steps=2000, res=32):
    enc, siren = ContextEncoder(), HyperSiren()
    opt = torch.optim.Adam(list(enc.parameters()) + list(siren.parameters()), lr=5e-5)
    lin = torch.linspace(-1, 1, res)
    grid = torch.stack(torch.meshgrid(lin, lin, indexing="ij"), -1).view(-1, 2)
    for step in range(steps):
        src, tgt, mask, src_lap = pairs[step % len(pairs)]
        coords = grid.clone().requires_grad_(True)
        z = enc(src, tgt, mask)
        out = siren(z, coords)
        m = mask.view(-1, 1)
        loss = ((laplacian(out, coords) - src_lap.view(-1, 1)) ** 2 * m).mean() \
            + ((out - tgt.view(3, -1).t()) ** 2 * (1 - m)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return enc, siren


if __name__ == "__main__":
    r = 32
    pair = (torch.randn(1, 3, r, r), torch.randn(1, 3, r, r), (torch.rand(1, 1, r, r) > 0.5).float(), torch.randn(1, 1, r, r))
    fit([pair], steps=1, res=r)
