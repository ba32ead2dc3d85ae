"""Train the wave PINN: u_tt - c^2 u_xx = 0 with initial displacement/velocity and fixed ends."""
import math

import torch

from models import WavePINN


def grad(u, x):
    return torch.autograd.grad(u, x, torch.ones_like(u), create_graph=True)[0]


def wave_residual(model, x, t, c=1.0):
    u = model(x, t)
    u_t, u_x = grad(u, t), grad(u, x)
    return grad(u_t, t) - c ** 2 * grad(u_x, x)


def main(iters=10000, n=256):
    model = WavePINN()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(iters):
        x = torch.rand(n, 1, requires_grad=True)
        t = torch.rand(n, 1, requires_grad=True)
        x0 = torch.rand(n, 1)
        t0 = torch.zeros(n, 1, requires_grad=True)
        u0 = model(x0, t0)
        ic = (u0 - torch.sin(math.pi * x0)).pow(2).mean() + grad(u0, t0).pow(2).mean()
        bc = model(torch.zeros(n, 1), t.detach()).pow(2).mean() + model(torch.ones(n, 1), t.detach()).pow(2).mean()
        loss = wave_residual(model, x, t).pow(2).mean() + ic + bc
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
