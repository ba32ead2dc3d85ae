"""Physics-informed first-arrival traveltime tomography (factored eikonal equation, EikoNet-style).

T(x) = T0(x) * tau(x) with T0 = |x - s|. The network predicts tau; the PDE residual
|grad T| * v(x) - 1 = 0 needs the spatial gradient of T, taken with autograd (create_graph=True).
The velocity model is a fixed grid sampled bilinearly at the collocation points.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TauNet(nn.Module):
    def __init__(self, width=64, depth=3):
        super().__init__()
        layers, d = [], 4
        for _ in range(depth):
            layers += [nn.Linear(d, width), nn.GELU(approximate="tanh")]
            d = width
        self.body = nn.Sequential(*layers)
        self.out = nn.Linear(width, 1)

    def forward(self, x, src):
        return 1.0 + F.softplus(self.out(self.body(torch.cat([x, src], dim=-1))))


def velocity_at(vgrid, x):
    grid = (x * 2 - 1).view(1, -1, 1, 2)                    # x in [0, 1]^2
    return F.grid_sample(vgrid, grid, mode="bilinear", align_corners=True).view(-1, 1)


def eikonal_residual(net, vgrid, x, src):
    x = x.requires_grad_(True)
    t0 = (x - src).norm(dim=-1, keepdim=True)
    T = t0 * net(x, src)
    dT, = torch.autograd.grad(T.sum(), x, create_graph=True)
    return dT.norm(dim=-1, keepdim=True) * velocity_at(vgrid, x) - 1.0


vgrid = 1.5 + torch.linspace(0, 1, 32).view(1, 1, 32, 1).expand(1, 1, 32, 32).contiguous()
net = TauNet()
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for it in range(3):
    src = torch.rand(1, 2).expand(256, 2)
    x = torch.rand(256, 2)
    res = eikonal_residual(net, vgrid, x, src)
    loss = res.pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, loss.item())
