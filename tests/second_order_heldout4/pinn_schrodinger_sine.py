"""Nonlinear Schrodinger PINN (Raissi et al.): h = u + i v, i h_t + 0.5 h_xx + |h|^2 h = 0, sine-activated MLP."""
import math

import torch
import torch.nn as nn


class Sine(nn.Module):
    def __init__(self, w0=1.0):
        super().__init__()
        self.w0 = w0

    def forward(self, x):
        return torch.sin(self.w0 * x)


class SchrodingerNet(nn.Module):
    def __init__(self, width=100, depth=4):
        super().__init__()
        dims = [2] + [width] * depth
        body = []
        for din, dout in zip(dims[:-1], dims[1:]):
            body.append(nn.Linear(din, dout))
            body.append(Sine())
        self.body = nn.Sequential(*body)
        self.out = nn.Linear(width, 2)

    def forward(self, x, t):
        uv = self.out(self.body(torch.cat((x, t), dim=1)))
        return uv[:, 0:1], uv[:, 1:2]


def d(f, wrt):
    return torch.autograd.grad(
        f,
        wrt,
        grad_outputs=torch.ones_like(f),
        retain_graph=True,
        create_graph=True,
    )[0]


def nls_residual(net, x, t):
    u, v = net(x, t)
    sq = u ** 2 + v ** 2
    f_u = d(u, t) + 0.5 * d(d(v, x), x) + sq * v
    f_v = d(v, t) - 0.5 * d(d(u, x), x) - sq * u
    return f_u, f_v


def fit(n_col=2000, n_init=50, epochs=3000):
    net = SchrodingerNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    x0 = torch.linspace(-5, 5, n_init).unsqueeze(1)
    h0 = 2.0 / torch.cosh(x0)
    for _ in range(epochs):
        x = (torch.rand(n_col, 1) * 10 - 5).requires_grad_()
        t = (torch.rand(n_col, 1) * math.pi / 2).requires_grad_()
        f_u, f_v = nls_residual(net, x, t)
        u0, v0 = net(x0, torch.zeros_like(x0))
        loss = (f_u ** 2).mean() + (f_v ** 2).mean() + ((u0 - h0) ** 2).mean() + (v0 ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
