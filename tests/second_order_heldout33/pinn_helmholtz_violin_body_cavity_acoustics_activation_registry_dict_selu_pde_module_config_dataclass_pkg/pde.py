import torch


def _grad(out, inp):
    return torch.autograd.grad(out, inp, grad_outputs=torch.ones_like(out), create_graph=True)[0]


def laplacian(p, xy):
    dp = _grad(p, xy)
    p_xx = _grad(dp[:, 0:1], xy)[:, 0:1]
    p_yy = _grad(dp[:, 1:2], xy)[:, 1:2]
    return p_xx + p_yy


def helmholtz_residual(model, xy, k, source):
    xy = xy.requires_grad_(True)
    p = model(xy)
    return laplacian(p, xy) + k ** 2 * p - source(xy)
