"""PINN for a soap film spanning a wire frame: minimal-surface equation
(1 + u_y^2) u_xx - 2 u_x u_y u_xy + (1 + u_x^2) u_yy = 0 on [0,1]^2, Dirichlet frame data."""
import numpy as np
import torch
import torch.nn as nn


class FilmNet(nn.Module):
    def __init__(self, width=24, depth=3):
        super().__init__()
        layers = [nn.Linear(2, width), nn.ELU()]
        for _ in range(depth - 1):
            layers += [nn.Linear(width, width), nn.ELU()]
        layers.append(nn.Linear(width, 1))
        self.mlp = nn.Sequential(*layers)

    def forward(self, x, y):
        return self.mlp(torch.cat([x, y], dim=1))


def gradients(u, x):
    return torch.autograd.grad(u, x, grad_outputs=torch.ones_like(u), create_graph=True)[0]


def frame_height(x, y):
    return 0.2 * torch.sin(np.pi * x) * torch.cos(np.pi * y)


model = FilmNet()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

for epoch in range(3):
    x = torch.rand(64, 1, requires_grad=True)
    y = torch.rand(64, 1, requires_grad=True)
    u = model(x, y)
    u_x, u_y = gradients(u, x), gradients(u, y)
    u_xx, u_yy, u_xy = gradients(u_x, x), gradients(u_y, y), gradients(u_x, y)
    res = (1 + u_y ** 2) * u_xx - 2 * u_x * u_y * u_xy + (1 + u_x ** 2) * u_yy
    t = torch.rand(32, 1)
    xb = torch.cat([t, t, torch.zeros_like(t), torch.ones_like(t)])
    yb = torch.cat([torch.zeros_like(t), torch.ones_like(t), t, t])
    loss_bc = ((model(xb, yb) - frame_height(xb, yb)) ** 2).mean()
    loss = (res ** 2).mean() + 10.0 * loss_bc
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(loss.item())
