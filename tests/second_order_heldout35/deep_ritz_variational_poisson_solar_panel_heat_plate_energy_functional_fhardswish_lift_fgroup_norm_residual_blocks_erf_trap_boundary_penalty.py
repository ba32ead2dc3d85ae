"""Deep Ritz method for -Laplace(u) = f on a solar-panel backing plate (unit square), u = 0 on the edge.

The network minimises the Ritz energy  E(u) = mean( 0.5 |grad u|^2 - f u ) + beta * mean(u_boundary^2).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class RitzBlock(nn.Module):
    def __init__(self, width, groups):
        super().__init__()
        self.fc1 = nn.Linear(width, width)
        self.fc2 = nn.Linear(width, width)
        self.groups = groups

    def forward(self, h):
        z = F.group_norm(self.fc1(h), self.groups)
        z = torch.tanh(z)
        z = torch.erf(self.fc2(z))
        return h + z


class RitzNet(nn.Module):
    def __init__(self, width=16, depth=2, groups=4):
        super().__init__()
        self.lift = nn.Linear(2, width)
        self.blocks = nn.ModuleList([RitzBlock(width, groups) for _ in range(depth)])
        self.proj = nn.Linear(width, 1)

    def forward(self, xy):
        h = F.hardswish(self.lift(xy))
        for block in self.blocks:
            h = block(h)
        return self.proj(h)


def source(xy):
    return 2.0 * torch.pi ** 2 * torch.sin(torch.pi * xy[:, :1]) * torch.sin(torch.pi * xy[:, 1:])


def boundary_points(n):
    t = torch.rand(n, 1)
    side = torch.randint(0, 4, (n, 1)).float()
    x = torch.where(side < 2, side, t)
    y = torch.where(side < 2, t, side - 2)
    return torch.cat([x, y], dim=1)


def ritz_energy(net, xy, beta=100.0):
    xy = xy.requires_grad_(True)
    u = net(xy)
    (du,) = torch.autograd.grad(u.sum(), xy, create_graph=True)
    interior = (0.5 * du.pow(2).sum(dim=1, keepdim=True) - source(xy) * u).mean()
    boundary = net(boundary_points(xy.shape[0])).pow(2).mean()
    return interior + beta * boundary


def main():
    torch.manual_seed(0)
    net = RitzNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for step in range(3):
        loss = ritz_energy(net, torch.rand(64, 2))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(loss))


if __name__ == "__main__":
    main()
