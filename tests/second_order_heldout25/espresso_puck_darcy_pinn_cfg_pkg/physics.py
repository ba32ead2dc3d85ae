"""Darcy flow in the puck: div(k grad p) = 0 in cylindrical coordinates."""
import torch


def grad(u, x):
    return torch.autograd.grad(u, x, grad_outputs=torch.ones_like(u), create_graph=True)[0]


def darcy_residual(pnet, rz, k=1.0):
    rz = rz.requires_grad_(True)
    p = pnet(rz)
    dp = grad(p, rz)
    p_r, p_z = dp[:, 0:1], dp[:, 1:2]
    r = rz[:, 0:1] + 1e-3
    flux_r = k * r * p_r
    d_flux_r = grad(flux_r, rz)[:, 0:1]
    p_zz = grad(p_z, rz)[:, 1:2]
    return d_flux_r / r + k * p_zz


def boundary_loss(pnet, top, bottom, p_top=9.0, p_bottom=0.0):
    return ((pnet(top) - p_top) ** 2).mean() + ((pnet(bottom) - p_bottom) ** 2).mean()
