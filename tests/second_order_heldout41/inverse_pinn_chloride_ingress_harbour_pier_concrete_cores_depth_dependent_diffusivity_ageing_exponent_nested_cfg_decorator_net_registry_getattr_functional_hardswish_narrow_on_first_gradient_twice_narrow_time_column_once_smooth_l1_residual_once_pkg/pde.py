"""Fick's second law with a depth- and age-dependent diffusivity, and the loss table."""
import torch
import torch.nn.functional as F


def d_dz(y, z):
    return torch.autograd.grad(y, z, grad_outputs=torch.ones_like(y), create_graph=True)[0]


def fick_residual(field, coef, log_m, xt, t_ref):
    """r = C_t - d/dx (D(x, t) C_x)  with  D(x, t) = D(x) (t_ref / t)^m  (conservative form)."""
    xt = xt.requires_grad_(True)
    age = xt[:, 1:].clamp(min=0.02)
    diff = coef(xt[:, :1]) * (t_ref / age) ** log_m.exp()
    c = field(xt)
    dc = d_dz(c, xt)
    c_x = torch.narrow(dc, 1, 0, 1)
    c_t = torch.narrow(dc, 1, 1, 1)
    flux = diff * c_x
    div = torch.narrow(d_dz(flux, xt), 1, 0, 1)
    return c_t - div


def log_cosh(pred, target):
    return torch.log(torch.cosh(pred - target)).mean()


LOSSES = {"mse": F.mse_loss, "smooth_l1": F.smooth_l1_loss, "log_cosh": log_cosh}
