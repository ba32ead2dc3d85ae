# Neural SDF of a scanned dental crown point cloud: SIREN + eikonal + normal alignment (no bad op on path)
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


class CrownSDF(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.net = nn.Sequential(SineLayer(3, hidden, first=True), SineLayer(hidden, hidden), nn.Linear(hidden, 1))

    def forward(self, p):
        return self.net(p)


def gradient(y, x):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]


def sdf_loss(model, surf_pts, surf_normals, free_pts):
    pts = torch.cat([surf_pts, free_pts]).requires_grad_(True)
    sdf = model(pts)
    g = gradient(sdf, pts)
    n = surf_pts.shape[0]
    on_surface = sdf[:n].abs().mean()
    normal = (1 - torch.cosine_similarity(g[:n], surf_normals, dim=-1)).mean()
    eikonal = ((g.norm(dim=-1) - 1) ** 2).mean()
    off = torch.exp(-100 * sdf[n:].abs()).mean()
    return 3e3 * on_surface + 1e2 * normal + 5e1 * eikonal + 1e2 * off


model = CrownSDF()
optim = torch.optim.Adam(model.parameters(), lr=1e-4)
for step in range(3):
    surf = torch.randn(64, 3)
    normals = surf / surf.norm(dim=-1, keepdim=True)
    free = torch.rand(64, 3) * 2 - 1
    loss = sdf_loss(model, surf, normals, free)
    optim.zero_grad()
    loss.backward()
    optim.step()
