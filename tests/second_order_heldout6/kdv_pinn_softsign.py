"""PINN for the Korteweg-de Vries equation u_t + 6 u u_x + u_xxx = 0 (soliton initial condition); the
residual needs third derivatives in x, each taken with create_graph=True. Softsign activations."""
import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self, width=50, depth=5):
        super().__init__()
        layers, d = [], 2
        for _ in range(depth):
            layers += [nn.Linear(d, width), nn.Softsign()]
            d = width
        layers.append(nn.Linear(d, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, x, t):
        return self.net(torch.cat([x, t], dim=1))


def d(u, x):
    return torch.autograd.grad(u, x, torch.ones_like(u), create_graph=True)[0]


def residual(model, x, t):
    x.requires_grad_(True)
    t.requires_grad_(True)
    u = model(x, t)
    u_x = d(u, x)
    return d(u, t) + 6 * u * u_x + d(d(u_x, x), x)


def train(steps=5000, n_col=2000, c=1.0):
    model = MLP()
    opt = torch.optim.Adam(model.parameters(), 1e-3)
    for it in range(steps):
        x, t = torch.rand(n_col, 1) * 20 - 10, torch.rand(n_col, 1)
        x0 = torch.rand(n_col // 4, 1) * 20 - 10
        u0 = 0.5 * c / torch.cosh(0.5 * c ** 0.5 * x0) ** 2
        loss = residual(model, x, t).pow(2).mean() + (model(x0, torch.zeros_like(x0)) - u0).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model


if __name__ == "__main__":
    train(steps=2, n_col=16)
