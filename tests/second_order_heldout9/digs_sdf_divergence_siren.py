"""DiGS-style implicit surface reconstruction from an unoriented scan: a SIREN SDF fitted with a
manifold term, an Eikonal term and a divergence (Laplacian) penalty that favours smooth
zero-crossings. The divergence needs second derivatives of the SDF, and the loss is trained
through them."""
import math

import torch
import torch.nn as nn


class Sine(nn.Module):
    def __init__(self, w0=30.0):
        super().__init__()
        self.w0 = w0

    def forward(self, x):
        return torch.sin(self.w0 * x)


class SirenSDF(nn.Module):
    def __init__(self, hidden=32, depth=3, w0=30.0):
        super().__init__()
        dims = [3] + [hidden] * depth
        layers = []
        for i, (a, b) in enumerate(zip(dims[:-1], dims[1:])):
            lin = nn.Linear(a, b)
            bound = 1 / a if i == 0 else math.sqrt(6 / a) / w0
            nn.init.uniform_(lin.weight, -bound, bound)
            layers += [lin, Sine(w0)]
        layers.append(nn.Linear(hidden, 1))
        self.mlp = nn.Sequential(*layers)

    def forward(self, p):
        return self.mlp(p)


def gradient(y, x):
    return torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)[0]


def divergence(field, x):
    div = 0.0
    for i in range(x.shape[-1]):
        div = div + torch.autograd.grad(field[..., i], x, torch.ones_like(field[..., i]), create_graph=True)[0][..., i]
    return div


def digs_loss(sdf, surface_pts, space_pts, w=(3e3, 5e1, 1e2, 1e1)):
    x = torch.cat([surface_pts, space_pts]).requires_grad_(True)
    d = sdf(x)
    g = gradient(d, x)
    n_s = surface_pts.shape[0]
    manifold = d[:n_s].abs().mean()
    off = torch.exp(-1e2 * d[n_s:].abs()).mean()
    eikonal = (g.norm(dim=-1) - 1).abs().mean()
    div = divergence(g, x).abs().mean()
    return w[0] * manifold + w[1] * off + w[2] * eikonal + w[3] * div


if __name__ == "__main__":
    net = SirenSDF()
    opt = torch.optim.Adam(net.parameters(), lr=5e-5)
    for it in range(2):
        surf = torch.nn.functional.normalize(torch.randn(64, 3), dim=-1) * 0.5
        space = torch.rand(64, 3) * 2 - 1
        loss = digs_loss(net, surf, space)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, loss.item())
