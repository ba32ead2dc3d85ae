# PINN for the 2-D Helmholtz equation  u_xx + u_yy + k^2 u = f  in a rectangular duct.
import numpy as np
import torch
import torch.nn.functional as F

torch.manual_seed(0)
k = 2.0 * np.pi


class PINN(torch.nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.linears = torch.nn.ModuleList(
            [torch.nn.Linear(layers[i], layers[i + 1]) for i in range(len(layers) - 1)])

    def forward(self, x, y):
        a = torch.cat([x, y], dim=1)
        for lin in self.linears[:-1]:
            a = F.elu(lin(a))
        return self.linears[-1](a)


def pde_residual(model, x, y):
    u = model(x, y)
    u_x = torch.autograd.grad(u, x, torch.ones_like(u), create_graph=True)[0]
    u_xx = torch.autograd.grad(u_x, x, torch.ones_like(u_x), create_graph=True)[0]
    u_y = torch.autograd.grad(u, y, torch.ones_like(u), create_graph=True)[0]
    u_yy = torch.autograd.grad(u_y, y, torch.ones_like(u_y), create_graph=True)[0]
    f = -2 * k ** 2 * torch.sin(k * x) * torch.sin(k * y)
    return u_xx + u_yy + k ** 2 * u - f


model = PINN([2, 20, 20, 1])
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
x_f = torch.rand(32, 1, requires_grad=True)
y_f = torch.rand(32, 1, requires_grad=True)
x_b = torch.cat([torch.zeros(8, 1), torch.ones(8, 1)])
y_b = torch.rand(16, 1)
for epoch in range(2):
    optimizer.zero_grad()
    loss_f = torch.mean(pde_residual(model, x_f, y_f) ** 2)
    loss_b = torch.mean(model(x_b, y_b) ** 2)
    loss = loss_f + loss_b
    loss.backward()
    optimizer.step()
    if epoch % 100 == 0:
        print('epoch %d loss %.3e' % (epoch, loss.item()))
