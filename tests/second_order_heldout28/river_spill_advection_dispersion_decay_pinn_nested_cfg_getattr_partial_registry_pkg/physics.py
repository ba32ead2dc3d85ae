import torch
import torch.nn as nn
import torch.nn.functional as F


def d(y, x):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]


def ade_residual(net, x, t, phys):
    """c_t + u c_x - D c_xx + k c = 0 (advection-dispersion with first-order decay)."""
    x = x.requires_grad_(True)
    t = t.requires_grad_(True)
    c = net(x, t)
    c_x, c_t = d(c, x), d(c, t)
    c_xx = d(c_x, x)
    return c_t + phys.velocity * c_x - phys.dispersion * c_xx + phys.decay * c


def initial_spill(x, phys):
    return torch.exp(-((x - 0.2) ** 2) / (2 * phys.spill_width ** 2))


class PINNLoss(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.robust = nn.HuberLoss(delta=cfg.loss.huber_delta)

    def forward(self, net, pts):
        phys, w = self.cfg.physics, self.cfg.loss
        res = ade_residual(net, pts["x_int"], pts["t_int"], phys)
        l_res = self.robust(res, torch.zeros_like(res))
        c0 = net(pts["x_ic"], torch.zeros_like(pts["x_ic"]))
        l_ic = F.mse_loss(c0, initial_spill(pts["x_ic"], phys))
        c_in = net(torch.zeros_like(pts["t_bc"]), pts["t_bc"])
        l_bc = F.mse_loss(c_in, torch.zeros_like(c_in))
        total = w.w_residual * l_res + w.w_initial * l_ic + w.w_boundary * l_bc
        return total, {"res": l_res.item(), "ic": l_ic.item(), "bc": l_bc.item()}
