"""Nonlinear Klein-Gordon PINN:  u_tt - u_xx + u^3 = f(x, t)  on [-1,1]x[0,1]."""
import numpy as np
import torch
import torch.nn as nn

torch.manual_seed(1234)

net = nn.Sequential(
    nn.Linear(2, 40),
    nn.ELU(),
    nn.Linear(40, 40),
    nn.ELU(),
    nn.Linear(40, 1),
)


def exact(x, t):
    return x * torch.cos(5 * np.pi * t) + (x * t) ** 3


def residual(x, t):
    u = net(torch.cat([x, t], dim=1))
    u_t = torch.autograd.grad(u, t, torch.ones_like(u), create_graph=True)[0]
    u_tt = torch.autograd.grad(u_t, t, torch.ones_like(u_t), create_graph=True)[0]
    u_x = torch.autograd.grad(u, x, torch.ones_like(u), create_graph=True)[0]
    u_xx = torch.autograd.grad(u_x, x, torch.ones_like(u_x), create_graph=True)[0]
    return u_tt - u_xx + u ** 3


def forcing(x, t):
    x = x.clone().requires_grad_(True); t = t.clone().requires_grad_(True)
    u = exact(x, t)
    u_t = torch.autograd.grad(u.sum(), t, create_graph=True)[0]
    u_tt = torch.autograd.grad(u_t.sum(), t, retain_graph=True)[0]
    u_x = torch.autograd.grad(u.sum(), x, create_graph=True)[0]
    u_xx = torch.autograd.grad(u_x.sum(), x)[0]
    return (u_tt - u_xx + u ** 3).detach()


optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
n_f, n_b = 64, 16
for it in range(3):
    x_f = (torch.rand(n_f, 1) * 2 - 1).requires_grad_(True)
    t_f = torch.rand(n_f, 1).requires_grad_(True)
    x_b = torch.rand(n_b, 1) * 2 - 1
    t_b = torch.zeros(n_b, 1)
    loss_f = ((residual(x_f, t_f) - forcing(x_f, t_f)) ** 2).mean()
    loss_b = ((net(torch.cat([x_b, t_b], 1)) - exact(x_b, t_b)) ** 2).mean()
    loss = loss_f + loss_b
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(it, loss.item())
