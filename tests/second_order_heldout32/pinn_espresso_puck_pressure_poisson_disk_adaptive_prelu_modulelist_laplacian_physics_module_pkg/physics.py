import torch
import torch.nn.functional as F


def laplacian(u, xy):
    (grad_u,) = torch.autograd.grad(u.sum(), xy, create_graph=True)
    lap = 0.0
    for i in range(xy.shape[1]):
        (g2,) = torch.autograd.grad(grad_u[:, i].sum(), xy, create_graph=True)
        lap = lap + g2[:, i:i + 1]
    return lap


def darcy_residual(model, xy, source=1.0, permeability=0.5):
    xy = xy.clone().requires_grad_(True)
    p = model(xy)
    return permeability * laplacian(p, xy) + source


def pinn_loss(model, interior, boundary, bc_weight=10.0):
    res = darcy_residual(model, interior)
    bc = model(boundary)
    return F.mse_loss(res, torch.zeros_like(res)) + bc_weight * bc.pow(2).mean()
