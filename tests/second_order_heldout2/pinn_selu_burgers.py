"""Burgers PINN with a self-normalising (SELU) MLP; u_x and u_xx by nested autograd.grad(create_graph=True)."""
import torch
from torch import nn


net = nn.Sequential(
    nn.Linear(2, 50), nn.SELU(),
    nn.Linear(50, 50), nn.SELU(),
    nn.Linear(50, 50), nn.Softplus(),
    nn.Linear(50, 1),
)


def residual(xt, nu=0.01 / torch.pi):
    xt = xt.clone().requires_grad_(True)
    u = net(xt)
    du = torch.autograd.grad(u.sum(), xt, create_graph=True)[0]
    u_x, u_t = du[:, :1], du[:, 1:]
    u_xx = torch.autograd.grad(u_x.sum(), xt, create_graph=True)[0][:, :1]
    return u_t + u * u_x - nu * u_xx


def fit(iters=10000):
    opt = torch.optim.LBFGS(net.parameters(), lr=1.0, max_iter=20)
    for _ in range(iters):
        colloc = torch.rand(2000, 2) * torch.tensor([2.0, 1.0]) - torch.tensor([1.0, 0.0])
        ic = torch.cat([torch.rand(100, 1) * 2 - 1, torch.zeros(100, 1)], 1)

        def closure():
            opt.zero_grad()
            loss = residual(colloc).pow(2).mean() + (net(ic) + torch.sin(torch.pi * ic[:, :1])).pow(2).mean()
            loss.backward()
            return loss

        opt.step(closure)
