"""Gradient-enhanced neural surrogate for a glider wing: maps 5 shape parameters (camber, thickness,
twist, sweep, taper) to the lift coefficient, fitted to CFD values AND their adjoint sensitivities
dCL/dshape (Sobolev training). The derivative-matching term differentiates the network twice.
"""
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {
    "elu": nn.ELU,
    "prelu": nn.PReLU,
    "tanh": nn.Tanh,
}

CONFIG = SimpleNamespace(widths=[5, 24, 24, 1], act="prelu", grad_weight=0.5, lr=2e-3)


class LiftSurrogate(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        pairs = list(zip(cfg.widths[:-1], cfg.widths[1:]))
        self.linears = nn.ModuleList([nn.Linear(i, o) for i, o in pairs])
        self.acts = nn.ModuleList([ACTIVATIONS[cfg.act]() for _ in pairs[:-1]])

    def forward(self, shape):
        h = shape
        for lin, act in zip(self.linears[:-1], self.acts):
            h = act(lin(h))
        return self.linears[-1](h).squeeze(-1)


def cfd_database(n):
    x = torch.rand(n, 5)
    w = torch.tensor([2.0, -0.5, 1.2, -0.8, 0.3])
    cl = torch.sin(x @ w) + 0.1 * (x ** 2).sum(1)
    dcl = torch.cos(x @ w)[:, None] * w + 0.2 * x
    return x, cl, dcl


def sobolev_loss(model, x, cl, dcl, grad_weight):
    x = x.clone().requires_grad_(True)
    pred = model(x)
    (dpred,) = torch.autograd.grad(pred.sum(), x, create_graph=True)
    value_term = F.huber_loss(pred, cl, delta=0.5)
    grad_term = (dpred - dcl).pow(2).sum(1).mean()
    return value_term + grad_weight * grad_term


def main(epochs=4):
    torch.manual_seed(9)
    model = LiftSurrogate(CONFIG)
    opt = torch.optim.Adam(model.parameters(), lr=CONFIG.lr)
    x, cl, dcl = cfd_database(48)
    for epoch in range(epochs):
        loss = sobolev_loss(model, x, cl, dcl, CONFIG.grad_weight)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: {loss.item():.4f}")


if __name__ == "__main__":
    main()
