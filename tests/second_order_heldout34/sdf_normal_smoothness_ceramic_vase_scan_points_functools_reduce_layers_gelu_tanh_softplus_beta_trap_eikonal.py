"""Neural SDF of a scanned ceramic vase: eikonal + normal-smoothness losses (NeuS/IGR style)."""
from functools import reduce

import torch
import torch.nn as nn
import torch.nn.functional as F

WIDTHS = [3, 32, 32, 1]


class VaseSDF(nn.Module):
    def __init__(self, widths=WIDTHS, smooth_beta=50.0):
        super().__init__()
        self.linears = nn.ModuleList(nn.Linear(a, b) for a, b in zip(widths[:-1], widths[1:]))
        self.smooth = nn.Softplus(beta=smooth_beta)

    def forward(self, pts):
        def layer(h, idx_lin):
            idx, lin = idx_lin
            h = lin(h)
            if idx == 0:
                return F.gelu(h, approximate="tanh")
            if idx < len(self.linears) - 1:
                return self.smooth(h)
            return h
        return reduce(layer, enumerate(self.linears), pts)


def sdf_normals(sdf, pts):
    pts = pts.requires_grad_(True)
    d = sdf(pts)
    n = torch.autograd.grad(d, pts, grad_outputs=torch.ones_like(d), create_graph=True)[0]
    return d, n


def losses(sdf, surface, jitter=0.02):
    d_s, n_s = sdf_normals(sdf, surface.clone())
    _, n_j = sdf_normals(sdf, surface + jitter * torch.randn_like(surface))
    space = torch.rand(64, 3) * 2 - 1
    _, n_space = sdf_normals(sdf, space)
    surf = d_s.abs().mean()
    eik = (n_space.norm(dim=-1) - 1).pow(2).mean()
    smooth = (F.normalize(n_s, dim=-1) - F.normalize(n_j, dim=-1)).norm(dim=-1).mean()
    return surf + 0.1 * eik + 0.05 * smooth


def main():
    torch.manual_seed(0)
    theta = torch.rand(200) * 6.283
    z = torch.rand(200) * 1.6 - 0.8
    r = 0.3 + 0.15 * torch.cos(3 * z)
    surface = torch.stack([r * torch.cos(theta), r * torch.sin(theta), z], -1)
    sdf = VaseSDF()
    opt = torch.optim.Adam(sdf.parameters(), lr=1e-3)
    for step in range(3):
        idx = torch.randint(0, 200, (64,))
        loss = losses(sdf, surface[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
