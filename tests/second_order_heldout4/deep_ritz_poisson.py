"""Deep Ritz method (E & Yu, 2018) for -Laplace(u) = 1 on the unit disc: minimise the Dirichlet energy with a boundary penalty."""
import torch
import torch.nn as nn


class RitzBlock(nn.Module):
    """Two linear layers with the cubed-ReLU activation of the paper, plus a skip connection."""

    def __init__(self, width):
        super().__init__()
        self.l1 = nn.Linear(width, width)
        self.l2 = nn.Linear(width, width)

    @staticmethod
    def act(x):
        return torch.relu(x) ** 3

    def forward(self, x):
        return x + self.act(self.l2(self.act(self.l1(x))))


class RitzNet(nn.Module):
    def __init__(self, dim=2, width=16, blocks=3):
        super().__init__()
        self.lift = nn.Linear(dim, width)
        self.blocks = nn.ModuleList(RitzBlock(width) for _ in range(blocks))
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        h = self.lift(x)
        for blk in self.blocks:
            h = blk(h)
        return self.out(h)


def sample_disc(n):
    r = torch.rand(n, 1).sqrt()
    th = 2 * torch.pi * torch.rand(n, 1)
    return torch.cat([r * torch.cos(th), r * torch.sin(th)], dim=1)


def sample_circle(n):
    th = 2 * torch.pi * torch.rand(n, 1)
    return torch.cat([torch.cos(th), torch.sin(th)], dim=1)


def ritz_energy(net, x):
    u = net(x)
    grad_u, = torch.autograd.grad(u.sum(), x, create_graph=True)
    return (0.5 * grad_u.pow(2).sum(dim=1, keepdim=True) - u).mean() * torch.pi


def train(steps=50000, n_in=1000, n_bd=200, beta=500.0):
    net = RitzNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[20000, 40000], gamma=0.1)
    for _ in range(steps):
        x = sample_disc(n_in).requires_grad_(True)
        loss = ritz_energy(net, x) + beta * net(sample_circle(n_bd)).pow(2).mean() * 2 * torch.pi
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
