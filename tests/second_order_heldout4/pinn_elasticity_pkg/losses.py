"""Navier-Cauchy residual of plane-strain linear elasticity, with derivatives from autograd."""
import torch


def partial(f, xy, i):
    g = torch.autograd.grad(f, xy, grad_outputs=torch.ones_like(f), create_graph=True)[0]
    return g[:, i:i + 1]


def stresses(model, xy, lam=1.0, mu=0.5):
    u = model(xy)
    ux, uy = u[:, :1], u[:, 1:]
    exx = partial(ux, xy, 0)
    eyy = partial(uy, xy, 1)
    exy = 0.5 * (partial(ux, xy, 1) + partial(uy, xy, 0))
    tr = exx + eyy
    return lam * tr + 2 * mu * exx, lam * tr + 2 * mu * eyy, 2 * mu * exy


def equilibrium_residual(model, xy, body_force):
    sxx, syy, sxy = stresses(model, xy)
    rx = partial(sxx, xy, 0) + partial(sxy, xy, 1) + body_force[:, :1]
    ry = partial(sxy, xy, 0) + partial(syy, xy, 1) + body_force[:, 1:]
    return rx.pow(2).mean() + ry.pow(2).mean()
