"""PINN for the 1-D Kuramoto-Sivashinsky equation u_t + u u_x + u_xx + u_xxxx = 0."""
import math
import torch
import torch.nn as nn


class KSNet(nn.Module):
    def __init__(self, width=32, depth=3):
        super().__init__()
        layers, d = [], 2
        for _ in range(depth):
            layers += [nn.Linear(d, width), nn.GELU(approximate="tanh")]
            d = width
        layers.append(nn.Linear(d, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, x, t):
        return self.net(torch.cat([x, t], dim=1))


def d(y, x):
    return torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)[0]


def residual(model, x, t):
    u = model(x, t)
    u_t, u_x = d(u, t), d(u, x)
    u_xx = d(u_x, x)
    u_xxxx = d(d(u_xx, x), x)
    return u_t + u * u_x + u_xx + u_xxxx


model = KSNet()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(3):
    x = (torch.rand(64, 1) * 2 * math.pi).requires_grad_()
    t = torch.rand(64, 1).requires_grad_()
    x0 = torch.rand(32, 1) * 2 * math.pi
    u0 = torch.cos(x0) * (1 + torch.sin(x0))
    loss_pde = residual(model, x, t).pow(2).mean()
    loss_ic = (model(x0, torch.zeros_like(x0)) - u0).pow(2).mean()
    loss = loss_pde + 10 * loss_ic
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, loss.item())
