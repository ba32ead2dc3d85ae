"""Shape-space SDF: a hypernetwork maps a per-shape latent code to the weights of a small SDF MLP.

Trained with surface + Eikonal losses (|grad_x f| = 1) on random samples around each shape.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class HyperNet(nn.Module):
    def __init__(self, z_dim, shapes):
        super().__init__()
        self.shapes = shapes
        total = sum(math.prod(s) for s in shapes)
        self.trunk = nn.Sequential(nn.Linear(z_dim, 128), nn.PReLU(), nn.Linear(128, total))

    def forward(self, z):
        flat = self.trunk(z)
        out, i = [], 0
        for s in self.shapes:
            n = math.prod(s)
            out.append(flat[i:i + n].view(*s))
            i += n
        return out


def sdf_apply(weights, pts):
    w1, b1, w2, b2, w3, b3 = weights
    h = F.gelu(pts @ w1.t() + b1, approximate="tanh")
    h = F.gelu(h @ w2.t() + b2, approximate="tanh")
    return h @ w3.t() + b3


def main():
    torch.manual_seed(0)
    hidden = 32
    shapes = [(hidden, 3), (hidden,), (hidden, hidden), (hidden,), (1, hidden), (1,)]
    hyper = HyperNet(16, shapes)
    codes = nn.Embedding(4, 16)
    opt = torch.optim.Adam(list(hyper.parameters()) + list(codes.parameters()), lr=1e-4)
    for step in range(2):
        idx = torch.randint(0, 4, (1,)).item()
        weights = hyper(codes.weight[idx])
        surf = F.normalize(torch.randn(64, 3), dim=-1) * 0.5      # samples on a sphere of radius 0.5
        space = (torch.rand(128, 3) * 2 - 1).requires_grad_(True)
        f_surf = sdf_apply(weights, surf)
        f_space = sdf_apply(weights, space)
        grad_x, = torch.autograd.grad(f_space.sum(), space, create_graph=True)
        eik = ((grad_x.norm(dim=-1) - 1.0) ** 2).mean()
        loss = f_surf.abs().mean() + 0.1 * eik + 1e-3 * codes.weight[idx].pow(2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(loss))


if __name__ == "__main__":
    main()
