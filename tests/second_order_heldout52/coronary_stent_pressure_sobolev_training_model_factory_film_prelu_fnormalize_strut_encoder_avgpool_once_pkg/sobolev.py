"""Sobolev losses: match the teacher's pressure and its spatial gradient (wall-shear proxy)."""
import torch
import torch.nn.functional as F

GRAD_LOSSES = {
    "mse": lambda a, b, beta: F.mse_loss(a, b),
    "smooth_l1": lambda a, b, beta: F.smooth_l1_loss(a, b, beta=beta),
}


def teacher(xy, profile, flow):
    """Analytic stand-in for the CFD pressure: linear drop plus recirculation bumps behind each strut."""
    n = profile.shape[1]
    x_k = torch.linspace(0.0, 1.0, n)
    d2 = (xy[:, None, 0] - x_k[None]) ** 2 + (xy[:, None, 1] - 1.0) ** 2
    bumps = (profile * torch.exp(-d2 / flow.strut_width ** 2)).sum(1)
    return -flow.pressure_gradient * xy[:, 0] + flow.strut_gain * bumps


def teacher_with_grad(xy, profile, flow):
    xy = xy.detach().requires_grad_(True)
    p = teacher(xy, profile, flow)
    g = torch.autograd.grad(p.sum(), xy)[0]
    return p.detach(), g.detach()


def sobolev_loss(model, xy, profile, p_ref, g_ref, cfg):
    xy = xy.detach().requires_grad_(True)
    p = model(xy, profile)
    g = torch.autograd.grad(p.sum(), xy, create_graph=True)[0]
    value = F.mse_loss(p, p_ref)
    slope = GRAD_LOSSES[cfg.grad_loss](g, g_ref, cfg.beta)
    return cfg.w_value * value + cfg.w_grad * slope, value.detach(), slope.detach()
