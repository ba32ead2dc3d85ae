"""PINN for the 1-D heat equation u_t = k u_xx with a SIREN-style sine network; derivatives by autograd.grad."""
import torch
import torch.nn as nn


class Sine(nn.Module):
    def __init__(self, w0=30.0):
        super().__init__()
        self.w0 = w0

    def forward(self, x):
        return torch.sin(self.w0 * x)


class Siren(nn.Module):
    def __init__(self, width=64, depth=3):
        super().__init__()
        layers = [nn.Linear(2, width), Sine()]
        for _ in range(depth):
            layers += [nn.Linear(width, width), Sine(1.0)]
        layers.append(nn.Linear(width, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, x, t):
        return self.net(torch.cat([x, t], dim=1))


def gradients(outputs, inputs):
    return torch.autograd.grad(outputs, inputs, grad_outputs=torch.ones_like(outputs), create_graph=True)[0]


def pde_residual(model, x, t, kappa=0.1):
    u = model(x, t)
    u_t = gradients(u, t)
    u_x = gradients(u, x)
    u_xx = gradients(u_x, x)
    return u_t - kappa * u_xx


def train(epochs=5000):
    model = Siren()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    for _ in range(epochs):
        x = torch.rand(512, 1, requires_grad=True)
        t = torch.rand(512, 1, requires_grad=True)
        x0 = torch.rand(128, 1)
        u0 = model(x0, torch.zeros_like(x0))
        loss = pde_residual(model, x, t).pow(2).mean() + (u0 - torch.sin(torch.pi * x0)).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
