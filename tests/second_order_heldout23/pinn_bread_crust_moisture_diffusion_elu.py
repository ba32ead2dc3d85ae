"""PINN for moisture diffusion in a baking bread crust: u_t = D(T) u_xx, u in [0, 1]."""
import numpy as np
import torch
import torch.nn as nn

torch.manual_seed(0)
D0 = 0.05


class PINN(nn.Module):
    def __init__(self, layers=(2, 32, 32, 1)):
        super().__init__()
        mods = []
        for i in range(len(layers) - 2):
            mods += [nn.Linear(layers[i], layers[i + 1]), nn.ELU()]
        mods.append(nn.Linear(layers[-2], layers[-1]))
        self.net = nn.Sequential(*mods)
        self.temp = nn.Sequential(nn.Linear(1, 8), nn.CELU(), nn.Linear(8, 1), nn.Softplus())

    def forward(self, x, t):
        return self.net(torch.cat([x, t], dim=1))


def gradients(u, x, order=1):
    for _ in range(order):
        u = torch.autograd.grad(u, x, grad_outputs=torch.ones_like(u), create_graph=True)[0]
    return u


model = PINN()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
x_f = torch.rand(64, 1, requires_grad=True)
t_f = torch.rand(64, 1, requires_grad=True)
x_b = torch.tensor(np.r_[np.zeros(16), np.ones(16)], dtype=torch.float32).view(-1, 1)
t_b = torch.rand(32, 1)
x_0 = torch.rand(32, 1)

for epoch in range(3):
    optimizer.zero_grad()
    u = model(x_f, t_f)
    u_t = gradients(u, t_f)
    u_xx = gradients(u, x_f, order=2)
    diff = D0 * model.temp(t_f)
    res = u_t - diff * u_xx
    loss_f = (res ** 2).mean()
    loss_b = (model(x_b, t_b) - 0.2).pow(2).mean()
    loss_0 = (model(x_0, torch.zeros_like(x_0)) - 1.0).pow(2).mean()
    loss = loss_f + loss_b + loss_0
    loss.backward()
    optimizer.step()
    if epoch % 100 == 0:
        print(epoch, loss.item())
