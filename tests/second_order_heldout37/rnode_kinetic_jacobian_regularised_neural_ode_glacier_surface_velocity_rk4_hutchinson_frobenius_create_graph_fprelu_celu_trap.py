"""Regularised neural ODE (RNODE-style) for glacier surface-velocity trajectories.

Along an RK4 solve the kinetic energy |f|^2 and a Hutchinson estimate of the Jacobian Frobenius norm
|e^T df/dz|^2 (vector-Jacobian product with create_graph=True) are accumulated and trained through.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Dynamics(nn.Module):
    def __init__(self, dim=4, hidden=16):
        super().__init__()
        self.inp = nn.Linear(dim + 1, hidden)
        self.mid = nn.Linear(hidden, hidden)
        self.outp = nn.Linear(hidden, dim)
        self.slope = nn.Parameter(torch.full((hidden,), 0.2))

    def forward(self, t, z):
        tz = torch.cat([z, t.expand(z.shape[0], 1)], dim=1)
        h = F.prelu(self.inp(tz), self.slope)
        h = F.celu(self.mid(h))
        return self.outp(h)


def regularised_field(func, t, z, eps):
    with torch.enable_grad():
        if not z.requires_grad:
            z = z.requires_grad_(True)
        dz = func(t, z)
        (vjp,) = torch.autograd.grad(dz, z, eps, create_graph=True)
    kinetic = dz.pow(2).sum(1)
    frob = vjp.pow(2).sum(1)
    return dz, kinetic, frob


def rk4_solve(func, z0, t0=0.0, t1=1.0, steps=4):
    h = (t1 - t0) / steps
    z, t = z0, torch.tensor([[t0]])
    eps = torch.randn_like(z0)
    reg_k, reg_f = 0.0, 0.0
    for _ in range(steps):
        k1, e1, f1 = regularised_field(func, t, z, eps)
        k2, _, _ = regularised_field(func, t + h / 2, z + h / 2 * k1, eps)
        k3, _, _ = regularised_field(func, t + h / 2, z + h / 2 * k2, eps)
        k4, _, _ = regularised_field(func, t + h, z + h * k3, eps)
        z = z + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        t = t + h
        reg_k = reg_k + h * e1.mean()
        reg_f = reg_f + h * f1.mean()
    return z, reg_k, reg_f


def velocity_pairs(n=32):
    z0 = torch.randn(n, 4)
    rot = torch.tensor([[0.9, -0.3, 0.0, 0.0], [0.3, 0.9, 0.0, 0.0], [0.0, 0.0, 0.8, 0.1], [0.0, 0.0, -0.1, 0.8]])
    return z0, z0 @ rot.T + 0.05


def main(iters=4, lam_k=0.01, lam_f=0.01):
    torch.manual_seed(13)
    func = Dynamics()
    opt = torch.optim.Adam(func.parameters(), lr=3e-3)
    for it in range(iters):
        z0, z1 = velocity_pairs()
        pred, reg_k, reg_f = rk4_solve(func, z0)
        fit = F.mse_loss(pred, z1)
        loss = fit + lam_k * reg_k + lam_f * reg_f
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it} fit {fit.item():.4f} kinetic {reg_k.item():.3f} frobenius {reg_f.item():.3f}")


if __name__ == "__main__":
    main()
