"""Fixed-step RK4 integration of the augmented dynamics (z, log-density change)."""
import math

import torch
import torch.nn as nn
from torch.func import jacrev, vmap


def hutchinson_divergence(dz, z, eps):
    (eps_jac,) = torch.autograd.grad(dz, z, eps, create_graph=True)
    return (eps_jac * eps).sum(dim=1)


def exact_divergence(field, t, z):
    # samples are independent, so d sum_b f(z)_b / dz holds every per-sample Jacobian: [D, B, D]
    jac = jacrev(lambda zz: field(t, zz).sum(dim=0))(z).permute(1, 0, 2)
    return vmap(torch.trace)(jac)


class CNF(nn.Module):
    def __init__(self, field, T=1.0, steps=4, estimator="hutchinson"):
        super().__init__()
        self.field, self.T, self.steps, self.estimator = field, T, steps, estimator

    def dynamics(self, t, z, eps):
        with torch.enable_grad():
            if not z.requires_grad:
                z = z.requires_grad_(True)
            dz = self.field(t, z)
            if self.estimator == "hutchinson":
                div = hutchinson_divergence(dz, z, eps)
            else:
                div = exact_divergence(self.field, t, z)
        return dz, div

    def forward(self, x):
        """Integrates data -> base; returns z(T), int_0^T div f dt and the kinetic energy."""
        h = self.T / self.steps
        z, acc_div, kinetic = x, x.new_zeros(x.shape[0]), x.new_zeros(())
        eps = torch.randn_like(x)  # fixed noise over the trajectory, as in FFJORD
        for k in range(self.steps):
            t = torch.tensor(k * h)
            k1, d1 = self.dynamics(t, z, eps)
            k2, d2 = self.dynamics(t + h / 2, z + h / 2 * k1, eps)
            k3, d3 = self.dynamics(t + h / 2, z + h / 2 * k2, eps)
            k4, d4 = self.dynamics(t + h, z + h * k3, eps)
            z = z + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
            acc_div = acc_div + h / 6 * (d1 + 2 * d2 + 2 * d3 + d4)
            kinetic = kinetic + h * k1.pow(2).sum(dim=1).mean()
        return z, acc_div, kinetic


def standard_normal_logprob(z):
    return -0.5 * (z.pow(2).sum(dim=1) + z.shape[1] * math.log(2 * math.pi))
