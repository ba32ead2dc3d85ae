"""Darcy residual -div(k grad u) - q with a known smooth permeability k(x, y)."""
import torch


def permeability(xy):
    return 1.0 + 0.5 * torch.sin(3.0 * xy[:, :1]) * torch.cos(2.0 * xy[:, 1:])


def darcy_residual(f, xy, source=1.0):
    xy = xy.clone().requires_grad_(True)
    u = f.solution(xy)
    grad_u = torch.autograd.grad(u.sum(), xy, create_graph=True)[0]
    flux = permeability(xy) * grad_u
    div = 0.0
    for i in range(2):
        div = div + torch.autograd.grad(flux[:, i].sum(), xy, create_graph=True)[0][:, i:i + 1]
    return -div - source
