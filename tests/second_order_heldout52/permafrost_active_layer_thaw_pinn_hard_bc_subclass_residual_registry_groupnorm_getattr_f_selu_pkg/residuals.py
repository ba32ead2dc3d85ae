"""PDE residuals, registered by name; each takes the model as its first argument."""
import math

import torch

RESIDUALS = {}


def register_residual(name):
    def deco(fn):
        RESIDUALS[name] = fn
        return fn
    return deco


def d_dX(y, X):
    return torch.autograd.grad(y, X, grad_outputs=torch.ones_like(y), create_graph=True)[0]


@register_residual("linear_heat")
def linear_heat(model, X, phys):
    T = model(X)
    dT = d_dX(T, X)
    T_zz = d_dX(dT[:, 0:1], X)[:, 0:1]
    return dT[:, 1:2] - phys.k_frozen * T_zz


@register_residual("stefan_apparent")
def stefan_apparent(model, X, phys):
    """Apparent-heat-capacity Stefan problem: C(T) T_t = d/dz (k(T) T_z)."""
    T = model(X)
    dT = d_dX(T, X)
    T_z, T_t = dT[:, 0:1], dT[:, 1:2]
    k = phys.k_frozen + (phys.k_thawed - phys.k_frozen) * torch.sigmoid(T / phys.smear)
    flux_z = d_dX(k * T_z, X)[:, 0:1]
    cap = 1.0 + phys.latent * torch.exp(-(T / phys.smear) ** 2) / (math.sqrt(math.pi) * phys.smear)
    return cap * T_t - flux_z
