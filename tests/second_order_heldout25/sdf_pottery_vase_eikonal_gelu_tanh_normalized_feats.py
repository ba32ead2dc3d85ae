"""Implicit geometric regularisation (Gropp et al., IGR) for scanned pottery vases.

Point features are L2-normalised before the SDF head (a cosine-feature trick from the lab's older code).
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class VaseSDF(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.embed = nn.Linear(3, width)
        self.hidden = nn.Linear(width, width)
        self.act = nn.GELU(approximate="tanh")
        self.sdf = nn.Linear(width, 1)

    def forward(self, p):
        h = self.act(self.embed(p))
        h = F.normalize(self.hidden(h), dim=-1) * math.sqrt(h.shape[-1])
        return self.sdf(torch.sin(h))


def sample_vase_surface(n):
    z = torch.rand(n, 1) * 2 - 1
    r = 0.4 + 0.15 * torch.cos(3 * z)
    th = torch.rand(n, 1) * 2 * math.pi
    return torch.cat([r * torch.cos(th), r * torch.sin(th), z], dim=1)


def gradient(y, x):
    return torch.autograd.grad(y, [x], grad_outputs=torch.ones_like(y), create_graph=True)[0]


model = VaseSDF()
optimizer = torch.optim.Adam(model.parameters(), lr=5e-4)
for it in range(3):
    surf = sample_vase_surface(256)
    space = torch.rand(256, 3) * 2.4 - 1.2
    pts = torch.cat([surf, space]).requires_grad_(True)
    pred = model(pts)
    g = gradient(pred, pts)
    surf_loss = pred[:256].abs().mean()
    eikonal = ((g.norm(2, dim=-1) - 1) ** 2).mean()
    loss = surf_loss + 0.1 * eikonal
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(it, surf_loss.item(), eikonal.item())
