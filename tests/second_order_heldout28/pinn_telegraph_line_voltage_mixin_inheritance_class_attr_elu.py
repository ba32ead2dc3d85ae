"""PINN for the telegrapher's equation on a lossy transmission line.

    v_tt + (a + b) v_t + a b v = c^2 v_xx,   x in [0, 1], t in [0, 1]
    v(x, 0) = sin(pi x),  v_t(x, 0) = 0,  v(0, t) = v(1, t) = 0

The network is assembled from mixins: a Fourier-feature input mixin, a scaling
mixin for the output, and a residual MLP base whose activation class is a class
attribute overridden by the concrete model.
"""
import math

import torch
import torch.nn as nn


class FourierInputMixin:
    n_freq = 4

    def embed(self, xt):
        k = torch.arange(1, self.n_freq + 1, dtype=xt.dtype) * math.pi
        x, t = xt[:, :1], xt[:, 1:]
        return torch.cat([torch.sin(k * x), torch.cos(k * x), t], dim=1)

    @property
    def in_features(self):
        return 2 * self.n_freq + 1


class OutputScaleMixin:
    v_scale = 1.0

    def rescale(self, y):
        return self.v_scale * y


class ResidualMLPBase(nn.Module):
    act_cls = nn.Tanh
    width = 32
    depth = 3

    def build(self, in_features):
        self.inp = nn.Linear(in_features, self.width)
        self.hidden = nn.ModuleList([nn.Linear(self.width, self.width) for _ in range(self.depth)])
        self.act = self.act_cls()
        self.head = nn.Linear(self.width, 1)

    def trunk(self, h):
        h = self.act(self.inp(h))
        for layer in self.hidden:
            h = h + self.act(layer(h))
        return self.head(h)


class TelegraphPINN(FourierInputMixin, OutputScaleMixin, ResidualMLPBase):
    act_cls = nn.ELU
    width = 24

    def __init__(self):
        super().__init__()
        self.build(self.in_features)

    def forward(self, xt):
        return self.rescale(self.trunk(self.embed(xt)))


def derivatives(model, xt):
    xt = xt.clone().requires_grad_(True)
    v = model(xt)
    dv = torch.autograd.grad(v, xt, torch.ones_like(v), create_graph=True)[0]
    v_x, v_t = dv[:, :1], dv[:, 1:]
    v_xx = torch.autograd.grad(v_x, xt, torch.ones_like(v_x), create_graph=True)[0][:, :1]
    v_tt = torch.autograd.grad(v_t, xt, torch.ones_like(v_t), create_graph=True)[0][:, 1:]
    return v, v_t, v_xx, v_tt


def telegraph_loss(model, a=0.4, b=0.1, c=1.0, n=64):
    xt = torch.rand(n, 2)
    _, v_t, v_xx, v_tt = derivatives(model, xt)
    residual = v_tt + (a + b) * v_t + a * b * model(xt) - c ** 2 * v_xx

    x0 = torch.rand(n // 2, 1)
    xt0 = torch.cat([x0, torch.zeros_like(x0)], dim=1).requires_grad_(True)
    v0 = model(xt0)
    v0_t = torch.autograd.grad(v0, xt0, torch.ones_like(v0), create_graph=True)[0][:, 1:]

    tb = torch.rand(n // 2, 1)
    xb = torch.cat([torch.cat([torch.zeros_like(tb), tb], 1), torch.cat([torch.ones_like(tb), tb], 1)])
    return (residual.pow(2).mean()
            + (v0 - torch.sin(math.pi * x0)).pow(2).mean()
            + v0_t.pow(2).mean()
            + model(xb).pow(2).mean())


if __name__ == "__main__":
    torch.manual_seed(0)
    model = TelegraphPINN()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(4):
        opt.zero_grad()
        loss = telegraph_loss(model)
        loss.backward()
        opt.step()
        print(f"iter {it} loss {loss.item():.4f}")
