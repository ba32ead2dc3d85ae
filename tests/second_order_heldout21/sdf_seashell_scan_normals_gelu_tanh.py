# Neural SDF of a laser-scanned seashell (IGR-style): surface term, eikonal term on the gradient
# and a normal-alignment term between the SDF gradient and the scanner normals.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ShellSDF(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.l0 = nn.Linear(3, hidden)
        self.l1 = nn.Linear(hidden, hidden)
        self.norm = nn.LayerNorm(hidden)
        self.l2 = nn.Linear(hidden + 3, hidden)
        self.out = nn.Linear(hidden, 1)
        self.act = nn.Softplus(beta=100)

    def forward(self, p):
        h = self.act(self.l0(p))
        h = self.norm(self.l1(h))
        h = F.gelu(h, approximate="tanh")
        h = self.act(self.l2(torch.cat([h, p], dim=-1)))
        return self.out(h)


def gradient(y, x):
    return torch.autograd.grad(y, [x], grad_outputs=torch.ones_like(y), create_graph=True)[0]


sdf = ShellSDF()
opt = torch.optim.Adam(sdf.parameters(), lr=5e-4)
surface = torch.rand(128, 3) * 2 - 1
normals = F.normalize(torch.randn(128, 3), dim=-1)
for it in range(3):
    surface.requires_grad_(True)
    off = (torch.rand(128, 3) * 2 - 1).requires_grad_(True)
    d_surf = sdf(surface)
    d_off = sdf(off)
    g_surf = gradient(d_surf, surface)
    g_off = gradient(d_off, off)
    eikonal = ((g_off.norm(2, dim=-1) - 1) ** 2).mean()
    normal_term = (1 - (F.normalize(g_surf, dim=-1) * normals).sum(-1)).mean()
    loss = d_surf.abs().mean() + 0.1 * eikonal + normal_term
    opt.zero_grad()
    loss.backward()
    opt.step()
