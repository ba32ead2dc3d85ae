"""Pennes bioheat equation PINN: rho*c*T_t = k*T_xx - w_b*c_b*(T - T_a) + Q."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

k, wb, Ta = 0.5, 0.8, 0.0


class PINN(nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.linears = nn.ModuleList([nn.Linear(layers[i], layers[i + 1]) for i in range(len(layers) - 1)])

    def forward(self, x, t):
        a = torch.cat([x, t], dim=1)
        for lin in self.linears[:-1]:
            a = F.hardswish(lin(a))
        return self.linears[-1](a)


def grad(out, inp):
    return torch.autograd.grad(out, inp, grad_outputs=torch.ones_like(out), create_graph=True)[0]


net = PINN([2, 32, 32, 1])
optimizer = torch.optim.LBFGS(net.parameters(), lr=0.5, max_iter=3)
x_f = torch.tensor(np.random.rand(64, 1), dtype=torch.float32, requires_grad=True)
t_f = torch.tensor(np.random.rand(64, 1), dtype=torch.float32, requires_grad=True)
x_b = torch.cat([torch.zeros(16, 1), torch.ones(16, 1)])
t_b = torch.rand(32, 1)


def closure():
    optimizer.zero_grad()
    T = net(x_f, t_f)
    T_t = grad(T, t_f)
    T_x = grad(T, x_f)
    T_xx = grad(T_x, x_f)
    f = T_t - k * T_xx + wb * (T - Ta) - torch.exp(-x_f)
    loss = torch.mean(f ** 2) + torch.mean(net(x_b, t_b) ** 2)
    loss.backward()
    return loss


for epoch in range(2):
    optimizer.step(closure)
