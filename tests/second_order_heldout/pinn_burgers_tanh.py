"""Physics-informed neural network for the viscous Burgers equation u_t + u u_x = nu u_xx."""
import math
import torch
import torch.nn as nn


class PINN(nn.Module):
    def __init__(self, layers=(2, 20, 20, 20, 20, 1)):
        super().__init__()
        self.linears = nn.ModuleList(nn.Linear(a, b) for a, b in zip(layers[:-1], layers[1:]))
        self.act = nn.Tanh()
        for lin in self.linears:
            nn.init.xavier_normal_(lin.weight)
            nn.init.zeros_(lin.bias)

    def forward(self, x, t):
        h = torch.cat([x, t], dim=1)
        for lin in self.linears[:-1]:
            h = self.act(lin(h))
        return self.linears[-1](h)


def derivative(out, wrt):
    return torch.autograd.grad(out, wrt, grad_outputs=torch.ones_like(out),
                               create_graph=True, retain_graph=True)[0]


def pde_residual(net, x, t, nu=0.01 / math.pi):
    x.requires_grad_(True)
    t.requires_grad_(True)
    u = net(x, t)
    u_t = derivative(u, t)
    u_x = derivative(u, x)
    u_xx = derivative(u_x, x)
    return u_t + u * u_x - nu * u_xx


def train(n_colloc=10000, epochs=5000):
    net = PINN()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    x_f = torch.rand(n_colloc, 1) * 2 - 1
    t_f = torch.rand(n_colloc, 1)
    x0 = torch.linspace(-1, 1, 200).unsqueeze(1)
    t0 = torch.zeros_like(x0)
    u0 = -torch.sin(math.pi * x0)
    for ep in range(epochs):
        opt.zero_grad()
        f = pde_residual(net, x_f.clone(), t_f.clone())
        loss = (f ** 2).mean() + ((net(x0, t0) - u0) ** 2).mean()
        loss.backward()
        opt.step()
