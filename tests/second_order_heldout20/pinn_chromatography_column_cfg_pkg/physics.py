import torch


def d(y, x):
    return torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)[0]


def advection_dispersion_residual(net, x, t, cfg):
    c = net.concentration(x, t)
    c_t, c_x = d(c, t), d(c, x)
    c_xx = d(c_x, x)
    return c_t + cfg.velocity * c_x - cfg.dispersion * c_xx


def inlet_loss(net, t):
    x0 = torch.zeros_like(t)
    return ((net.concentration(x0, t) - torch.exp(-5 * t)) ** 2).mean()
