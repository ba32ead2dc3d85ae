"""PINN for a heated rod whose layers are joined by list concatenation (`seq = seq + block(a, b)` in a loop, the
output layer added with `+ [...]`, a head joined with `itertools.chain`); a residual with u_xx."""
import itertools

import torch
from torch import nn


def block(n_in, n_out):
    return [nn.Linear(n_in, n_out), nn.Softshrink(0.05)]


class RodNet(nn.Module):
    def __init__(self, widths=(2, 16, 16)):
        super().__init__()
        seq = []
        for a, b in zip(widths[:-1], widths[1:]):
            seq = seq + block(a, b)
        self.body = nn.Sequential(*(seq + [nn.Linear(widths[-1], 8)]))
        self.head = nn.Sequential(*itertools.chain([nn.Tanh()], [nn.Linear(8, 1)]))
        self.probe = seq + [nn.ReLU6()]  # kept for inspection, never run

    def forward(self, xt):
        return self.head(self.body(xt))


def residual(net, xt, kappa=0.1):
    u = net(xt)
    du = torch.autograd.grad(u.sum(), xt, create_graph=True)[0]
    u_x, u_t = du[:, :1], du[:, 1:]
    u_xx = torch.autograd.grad(u_x.sum(), xt, create_graph=True)[0][:, :1]
    return u_t - kappa * u_xx


def main(steps=3):
    net = RodNet()
    optim = torch.optim.Adam(net.parameters(), 1e-3)
    for _ in range(steps):
        xt = torch.rand(32, 2, requires_grad=True)
        loss = residual(net, xt).pow(2).mean()
        optim.zero_grad()
        loss.backward()
        optim.step()


if __name__ == "__main__":
    main()
