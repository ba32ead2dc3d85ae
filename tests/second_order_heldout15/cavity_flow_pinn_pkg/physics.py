import torch


def _d(f, x):
    return torch.autograd.grad(f, x, torch.ones_like(f), create_graph=True)[0]


def navier_stokes_residual(net, xy, re):
    xy = xy.clone().requires_grad_(True)
    psi, p = net.stream_and_pressure(xy)
    dpsi = _d(psi, xy)
    u, v = dpsi[:, 1:2], -dpsi[:, 0:1]
    du, dv, dp = _d(u, xy), _d(v, xy), _d(p, xy)
    u_xx = _d(du[:, 0:1], xy)[:, 0:1]
    u_yy = _d(du[:, 1:2], xy)[:, 1:2]
    v_xx = _d(dv[:, 0:1], xy)[:, 0:1]
    v_yy = _d(dv[:, 1:2], xy)[:, 1:2]
    fx = u * du[:, 0:1] + v * du[:, 1:2] + dp[:, 0:1] - (u_xx + u_yy) / re
    fy = u * dv[:, 0:1] + v * dv[:, 1:2] + dp[:, 1:2] - (v_xx + v_yy) / re
    return fx, fy


def lid_velocity(net, xy):
    xy = xy.clone().requires_grad_(True)
    psi, _ = net.stream_and_pressure(xy)
    dpsi = _d(psi, xy)
    return dpsi[:, 1:2], -dpsi[:, 0:1]
