import torch


def _d(y, x):
    return torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)[0]


def heat_residual(op_net, schedule, xt, kappa):
    xt = xt.clone().requires_grad_(True)
    u = op_net(schedule, xt)
    du = _d(u, xt)
    u_x, u_t = du[:, :1], du[:, 1:]
    u_xx = _d(u_x, xt)[:, :1]
    return u_t - kappa * u_xx
