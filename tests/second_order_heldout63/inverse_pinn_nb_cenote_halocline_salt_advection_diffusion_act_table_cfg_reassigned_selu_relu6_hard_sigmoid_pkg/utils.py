"""PDE helpers: derivatives, advection-diffusion residual, synthetic CTD casts."""
import math

import torch


def d(y, x):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]


def adv_diff_residual(net, z, t, D, W):
    """c_t + W c_z - D c_zz  (z positive downwards, W = upwelling velocity)"""
    c = net(z, t)
    c_z = d(c, z)
    c_t = d(c, t)
    c_zz = d(c_z, z)
    return c_t + W * c_z - D * c_zz


@torch.no_grad()
def erf_profile(z, t, D, W=0.0, z0=0.5):
    """analytic halocline: a diffusing salt front moving with W"""
    return 0.5 * (1 + torch.erf((z - z0 - W * t) / (2 * math.sqrt(D) * torch.sqrt(t + 0.05))))


def ctd_casts(n_casts, n_depths, D_true, W):
    t = torch.rand(n_casts, 1).repeat(1, n_depths).reshape(-1, 1)
    z = torch.linspace(0, 1, n_depths).repeat(n_casts).reshape(-1, 1)
    c = erf_profile(z, t, D_true, W) + 0.01 * torch.randn_like(z)
    return z, t, c.clamp(0, 1)
