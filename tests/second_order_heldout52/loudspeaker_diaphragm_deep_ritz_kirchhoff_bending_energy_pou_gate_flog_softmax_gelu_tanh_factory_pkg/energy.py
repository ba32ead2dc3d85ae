"""Deep Ritz energy of a clamped Kirchhoff plate: the functional takes the model as its first argument."""
import math

import torch


def _d(y, X):
    return torch.autograd.grad(y.sum(), X, create_graph=True)[0]


def second_derivatives(model, X):
    w = model(X)
    gw = _d(w, X)
    w_x, w_y = gw[:, 0], gw[:, 1]
    h_x, h_y = _d(w_x, X), _d(w_y, X)
    return w, h_x[:, 0], h_y[:, 1], h_x[:, 1]


def ring_load(X, plate):
    r = X.norm(dim=-1)
    return plate["force"] * torch.exp(-((r - plate["coil_radius"]) / plate["coil_width"]) ** 2)


def ritz_energy(model, X, plate, bending_stiffness):
    """E[w] = int D/2 ((w_xx + w_yy)^2 - 2 (1 - nu)(w_xx w_yy - w_xy^2)) - q w dA  (Monte Carlo on the disk)."""
    nu = plate["poisson"]
    w, w_xx, w_yy, w_xy = second_derivatives(model, X)
    bending = 0.5 * bending_stiffness * ((w_xx + w_yy) ** 2 - 2 * (1 - nu) * (w_xx * w_yy - w_xy ** 2))
    density = bending - ring_load(X, plate) * w
    return math.pi * density.mean()
