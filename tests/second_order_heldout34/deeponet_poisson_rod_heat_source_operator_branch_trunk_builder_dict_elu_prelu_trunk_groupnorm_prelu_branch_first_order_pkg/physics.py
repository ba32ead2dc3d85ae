import torch

import config


def poisson_residual(model, sensors, source_at_x, x):
    """-u'' = f on (0, 1); the source f is known at the collocation points."""
    x = x.requires_grad_(True)
    u = model(sensors, x)
    u_x = torch.autograd.grad(u.sum(), x, create_graph=True)[0]
    u_xx = torch.autograd.grad(u_x.sum(), x, create_graph=True)[0]
    return -u_xx.squeeze(-1) - source_at_x


def boundary_loss(model, sensors):
    ends = torch.tensor([0.0, 1.0]).view(1, 2, 1).expand(sensors.size(0), 2, 1)
    return model(sensors, ends).pow(2).mean()


def total_loss(model, sensors, source_at_x, x):
    res = poisson_residual(model, sensors, source_at_x, x)
    return config.PDE_WEIGHT * res.pow(2).mean() + config.BC_WEIGHT * boundary_loss(model, sensors)
