"""Plane-strain linear elasticity: displacement with the fixed base built in, Lame stresses, equilibrium."""
import torch


def lame(mat):
    lam = mat.young * mat.poisson / ((1 + mat.poisson) * (1 - 2 * mat.poisson))
    mu = mat.young / (2 * (1 + mat.poisson))
    return lam, mu


def grad(f, x, create_graph=True):
    return torch.autograd.grad(f, x, torch.ones_like(f), create_graph=create_graph, retain_graph=True)[0]


def displacement(net, x):
    """u = y * N(x): zero displacement on the foundation (y = 0) by construction."""
    out = net(x)
    ux = out.narrow(1, 0, 1)
    uy = out.narrow(1, 1, 1)
    y = x[:, 1:2]
    return y * ux, y * uy


def stresses(net, x, mat, create_graph=True):
    lam, mu = lame(mat)
    ux, uy = displacement(net, x)
    gux, guy = grad(ux, x, create_graph), grad(uy, x, create_graph)
    exx, eyy = gux[:, 0:1], guy[:, 1:2]
    gxy = gux[:, 1:2] + guy[:, 0:1]
    sxx = (lam + 2 * mu) * exx + lam * eyy
    syy = lam * exx + (lam + 2 * mu) * eyy
    sxy = mu * gxy
    return sxx, syy, sxy


def equilibrium(net, x, mat):
    """div(sigma) + b = 0, with the self weight b = (0, -unit_weight)."""
    sxx, syy, sxy = stresses(net, x, mat)
    gsxx, gsyy, gsxy = grad(sxx, x), grad(syy, x), grad(sxy, x)
    rx = gsxx[:, 0:1] + gsxy[:, 1:2]
    ry = gsxy[:, 0:1] + gsyy[:, 1:2] - mat.unit_weight
    return rx, ry


def traction(net, x, normal, mat):
    sxx, syy, sxy = stresses(net, x, mat)
    nx, ny = normal[:, 0:1], normal[:, 1:2]
    return sxx * nx + sxy * ny, sxy * nx + syy * ny
