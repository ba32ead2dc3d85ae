"""Penalty on the spectral norm of the input Jacobian, estimated by power iteration with vector-Jacobian products (double-backward JVP trick)."""
import torch
import torch.nn as nn


class Regressor(nn.Module):
    def __init__(self, d_in=8, width=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(d_in, width), nn.Softplus(beta=2.0),
            nn.Linear(width, width), nn.Tanh(),
            nn.Linear(width, 4),
        )

    def forward(self, x):
        return self.net(x)


def jvp_by_double_backward(y, x, u):
    w = torch.ones_like(y, requires_grad=True)
    (vjp,) = torch.autograd.grad(y, x, grad_outputs=w, create_graph=True)
    (jvp,) = torch.autograd.grad(vjp, w, grad_outputs=u, create_graph=True)
    return jvp


def spectral_penalty(model, x, iters=3):
    x = x.clone().requires_grad_(True)
    y = model(x)
    u = torch.randn_like(x)
    for _ in range(iters):
        jv = jvp_by_double_backward(y, x, u)
        (u,) = torch.autograd.grad(y, x, grad_outputs=jv, retain_graph=True)
        u = (u / (u.norm(dim=1, keepdim=True) + 1e-12)).detach()
    jv = jvp_by_double_backward(y, x, u)
    return jv.norm(dim=1).pow(2).mean()


def train(loader, beta=0.1, epochs=10):
    model = Regressor()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for x, t in loader:
            loss = nn.functional.mse_loss(model(x), t) + beta * spectral_penalty(model, x)
            opt.zero_grad()
            loss.backward()
            opt.step()
