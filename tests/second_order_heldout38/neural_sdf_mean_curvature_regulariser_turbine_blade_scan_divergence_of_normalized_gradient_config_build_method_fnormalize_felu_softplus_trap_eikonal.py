"""Neural signed distance field of a scanned turbine blade with an eikonal term and a mean-curvature regulariser.

Mean curvature is the divergence of the unit normal n = grad f / |grad f|, so the normal field is differentiated
once more w.r.t. the query points and the curvature loss is then backpropagated to the weights.
"""
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


class SDFNet(nn.Module):
    def __init__(self, widths, skip_at, beta):
        super().__init__()
        self.skip_at = skip_at
        self.beta = beta
        self.layers = nn.ModuleList(
            [nn.Linear(a + (3 if i == skip_at else 0), b) for i, (a, b) in enumerate(zip(widths[:-1], widths[1:]))]
        )

    def forward(self, p):
        h = p
        for i, layer in enumerate(self.layers):
            if i == self.skip_at:
                h = torch.cat([h, p], dim=-1)
            h = layer(h)
            if i < len(self.layers) - 1:
                h = F.softplus(h, beta=self.beta) + 0.1 * F.elu(h)
        return h


@dataclass
class SDFConfig:
    hidden: int = 32
    depth: int = 4
    skip_at: int = 2
    beta: float = 50.0
    lambda_eik: float = 0.1
    lambda_curv: float = 0.01
    widths: list = field(default_factory=list)

    def build(self):
        self.widths = [3] + [self.hidden] * self.depth + [1]
        return SDFNet(self.widths, self.skip_at, self.beta)


def blade_surface(n):
    u = torch.rand(n, 1) * 6.283
    v = torch.rand(n, 1) * 2 - 1
    return torch.cat([0.6 * torch.cos(u), 0.15 * torch.sin(u) + 0.05 * v ** 2, v], dim=1)


def unit_normals(f, p):
    g = torch.autograd.grad(f.sum(), p, create_graph=True)[0]
    return g, F.normalize(g, dim=-1, eps=1e-6)


def mean_curvature(n, p):
    div = 0.0
    for k in range(3):
        div = div + torch.autograd.grad(n[:, k].sum(), p, create_graph=True)[0][:, k]
    return div


def main():
    torch.manual_seed(4)
    cfg = SDFConfig()
    model = cfg.build()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(15):
        surf = blade_surface(128)
        space = (torch.rand(128, 3) * 2 - 1).requires_grad_(True)
        f_surf = model(surf)
        f_space = model(space)
        grads, normals = unit_normals(f_space, space)
        eikonal = ((grads.norm(dim=-1) - 1.0) ** 2).mean()
        curv = mean_curvature(normals, space)
        loss = f_surf.abs().mean() + cfg.lambda_eik * eikonal + cfg.lambda_curv * curv.abs().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % 5 == 0:
            print(f"it {it} surf {f_surf.abs().mean().item():.4f} eik {eikonal.item():.4f} curv {curv.abs().mean().item():.4f}")


if __name__ == "__main__":
    main()
