"""Energy regression, optional vector-field supervision, and the symplectic field of a learned H."""
import torch
import torch.nn.functional as F

import config

LOSSES = {"smooth_l1": F.smooth_l1_loss, "mse": F.mse_loss}


def energy_loss(model, x, e_true):
    return LOSSES[config.ENERGY_LOSS](model(x), e_true)


def symplectic_field(model, x, create_graph=False):
    """(dq/dt, dp/dt) = (dH/dp, -dH/dq)."""
    with torch.enable_grad():
        x = x.detach().requires_grad_(True)
        dH, = torch.autograd.grad(model(x).sum(), x, create_graph=create_graph)
    n = x.shape[1] // 2
    return torch.cat([dH[:, n:], -dH[:, :n]], dim=1)


def vector_field_loss(model, x, dx_true):
    return F.mse_loss(symplectic_field(model, x, create_graph=True), dx_true)
