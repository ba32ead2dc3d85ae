# Implicit geometric regularisation for CAD part surfaces: fit a signed distance f so that
# f = 0 on the scanned points and |grad f| = 1 everywhere (eikonal term).
import torch
import torch.nn as nn


class ImplicitPart(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.l_in = nn.Linear(3, hidden)
        self.a1 = nn.PReLU()
        self.l_mid = nn.Linear(hidden, hidden)
        self.l_out = nn.Linear(hidden, 1)

    def sdf(self, p):
        return self.l_out(torch.sin(self.l_mid(self.a1(self.l_in(p)))))

    def forward(self, p):
        return self.sdf(p)


def gradient(y, x):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True, retain_graph=True)[0]


def igr_loss(f, surf_pts, space_pts, lam=0.1):
    surf_pts = surf_pts.requires_grad_(True)
    space_pts = space_pts.requires_grad_(True)
    d_surf = f.sdf(surf_pts)
    d_space = f.sdf(space_pts)
    g_space = gradient(d_space, space_pts)
    eik = ((g_space.norm(2, dim=-1) - 1) ** 2).mean()
    return d_surf.abs().mean() + lam * eik


net = ImplicitPart()
opt = torch.optim.Adam(net.parameters(), lr=5e-4)
for it in range(3):
    surf = torch.rand(128, 3) * 2 - 1
    space = torch.rand(128, 3) * 2.4 - 1.2
    loss = igr_loss(net, surf, space)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, loss.item())
