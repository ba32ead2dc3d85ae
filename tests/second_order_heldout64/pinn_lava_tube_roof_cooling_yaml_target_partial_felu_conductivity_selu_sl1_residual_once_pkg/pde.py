"""Residual of rho c T_t = d/dz (k(T) T_z) in scaled variables, plus boundary / initial terms."""
import torch


def grad(out, wrt):
    return torch.autograd.grad(out, wrt, grad_outputs=torch.ones_like(out), create_graph=True)[0]


def heat_residual(temp_net, cond_net, z, t, diffusion_number):
    z = z.requires_grad_(True)
    t = t.requires_grad_(True)
    T = temp_net(z, t)
    T_t = grad(T, t)
    T_z = grad(T, z)
    k = cond_net(T) if cond_net is not None else torch.ones_like(T)
    flux = k * T_z
    flux_z = grad(flux, z)
    return T_t - diffusion_number * flux_z


def boundary_terms(temp_net, n, gen):
    t = torch.rand(n, 1, generator=gen)
    top = temp_net(torch.zeros(n, 1), t)          # cave ceiling side, air temperature -> 0
    bottom = temp_net(torch.ones(n, 1), t)        # in contact with flowing lava -> 1
    return torch.cat([top, bottom - 1.0])


def initial_term(temp_net, n, gen):
    z = torch.rand(n, 1, generator=gen)
    return temp_net(z, torch.zeros(n, 1)) - 1.0   # freshly crusted roof starts at lava temperature
