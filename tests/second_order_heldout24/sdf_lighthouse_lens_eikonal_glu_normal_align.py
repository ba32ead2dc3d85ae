# Implicit SDF of a Fresnel lighthouse lens from a scanned point cloud: IGR-style eikonal term plus
# normal alignment of the SDF gradient with the scanner normals.
import torch
import torch.nn as nn
import torch.nn.functional as F


class GatedSDF(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.lift = nn.Linear(3, 2 * hidden)
        self.gate = nn.GLU(dim=-1)
        self.mid = nn.Linear(hidden, hidden)
        self.act = nn.Softplus(beta=100)
        self.head = nn.Linear(hidden, 1)

    def forward(self, p):
        h = self.gate(self.lift(p))
        h = self.act(self.mid(h))
        return self.head(h)


def gradient(y, x):
    return torch.autograd.grad(y, [x], grad_outputs=torch.ones_like(y), create_graph=True, retain_graph=True)[0]


sdf = GatedSDF()
optim = torch.optim.Adam(sdf.parameters(), lr=5e-4)
surface = torch.rand(64, 3) * 2 - 1
normals = F.normalize(torch.randn(64, 3), dim=-1)
for it in range(3):
    pts = surface.clone().requires_grad_(True)
    free = (torch.rand(64, 3) * 2 - 1).requires_grad_(True)
    d_surf = sdf(pts)
    d_free = sdf(free)
    g_surf = gradient(d_surf, pts)
    g_free = gradient(d_free, free)
    eikonal = ((g_free.norm(2, dim=-1) - 1) ** 2).mean()
    normal_term = (1 - (F.normalize(g_surf, dim=-1) * normals).sum(-1)).mean()
    loss = d_surf.abs().mean() + 0.1 * eikonal + normal_term
    optim.zero_grad()
    loss.backward()
    optim.step()
