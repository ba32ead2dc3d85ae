import torch


def d(y, x):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]


def heat_residual(net, z, t, kappa):
    T = net.temperature(z, t)
    T_t = d(T, t)
    T_z = d(T, z)
    T_zz = d(T_z, z)
    return T_t - kappa * T_zz


def surface_flux_residual(net, t, q_surface):
    z0 = torch.zeros_like(t, requires_grad=True)
    T = net.temperature(z0, t)
    return d(T, z0) - q_surface
