"""PINN for the Fisher-KPP reaction-diffusion equation u_t = D u_xx + r u (1 - u) on x in [0, 1],
t in [0, 1], with a robust (smooth-L1) residual loss and CELU activations."""
import math

import torch
from torch import nn

D_COEF, RATE = 0.05, 2.0


class PINN(nn.Module):
    def __init__(self, width=48, depth=4):
        super().__init__()
        layers = [nn.Linear(2, width), nn.CELU(alpha=0.7)]
        for _ in range(depth - 1):
            layers += [nn.Linear(width, width), nn.CELU(alpha=0.7)]
        layers.append(nn.Linear(width, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, x, t):
        return self.net(torch.cat([x, t], dim=1))


def pde_residual(model, x, t):
    x.requires_grad_(True)
    t.requires_grad_(True)
    u = model(x, t)
    u_t = torch.autograd.grad(u, t, torch.ones_like(u), create_graph=True)[0]
    u_x = torch.autograd.grad(u, x, torch.ones_like(u), create_graph=True)[0]
    u_xx = torch.autograd.grad(u_x, x, torch.ones_like(u_x), create_graph=True)[0]
    return u_t - D_COEF * u_xx - RATE * u * (1.0 - u)


model = PINN()
robust = nn.SmoothL1Loss(beta=0.01)
mse = nn.MSELoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(3):
    xc, tc = torch.rand(128, 1), torch.rand(128, 1)
    res = pde_residual(model, xc, tc)
    x0 = torch.rand(64, 1)
    u0 = 0.5 * (1 + torch.cos(math.pi * x0)) ** 2 / 4
    tb = torch.rand(32, 1)
    loss_ic = mse(model(x0, torch.zeros_like(x0)), u0)
    xb = torch.cat([torch.zeros_like(tb), torch.ones_like(tb)])
    tb2 = torch.cat([tb, tb])
    xb.requires_grad_(True)
    ub = model(xb, tb2)
    ub_x = torch.autograd.grad(ub.sum(), xb, create_graph=True)[0]
    loss = robust(res, torch.zeros_like(res)) + loss_ic + mse(ub_x, torch.zeros_like(ub_x))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(f"epoch {epoch} loss {loss.item():.4e}")
