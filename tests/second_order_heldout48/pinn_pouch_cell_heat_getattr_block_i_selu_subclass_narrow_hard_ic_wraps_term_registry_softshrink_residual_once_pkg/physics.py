"""Loss terms of the pouch-cell heat PINN, registered by a decorator that applies the term weight."""
import functools

import torch
import torch.nn.functional as F

TERMS = {}
_grad = functools.partial(torch.autograd.grad, create_graph=True)


def term(name):
    def deco(fn):
        @functools.wraps(fn)
        def weighted(model, batch, cfg):
            return cfg["weights"][name] * fn(model, batch, cfg)
        TERMS[name] = weighted
        return weighted
    return deco


def joule_source(xyt, cfg):
    q = torch.zeros_like(xyt[:, :1])
    for cx, cy in cfg["tabs"]:
        r2 = (xyt[:, :1] - cx) ** 2 + (xyt[:, 1:2] - cy) ** 2
        q = q + cfg["tab_power"] * torch.exp(-r2 / cfg["tab_width"] ** 2)
    return q


@term("pde")
def heat_residual(model, batch, cfg):
    xyt = batch["interior"].requires_grad_(True)
    T = model(xyt)
    (g,) = _grad(T.sum(), xyt)
    T_x, T_y, T_t = g[:, 0:1], g[:, 1:2], g[:, 2:3]
    T_xx = _grad(T_x.sum(), xyt)[0][:, 0:1]
    T_yy = _grad(T_y.sum(), xyt)[0][:, 1:2]
    res = cfg["rho_c"] * T_t - cfg["k"] * (T_xx + T_yy) - joule_source(xyt, cfg) + cfg["h"] * (T - cfg["t_amb"])
    return F.softshrink(res, cfg["tol"]).pow(2).mean()


@term("bc")
def insulated_edges(model, batch, cfg):
    xyt = batch["edge"].requires_grad_(True)
    (g,) = _grad(model(xyt).sum(), xyt)
    return ((g[:, :2] * batch["normal"]).sum(1)).pow(2).mean()


@term("data")
def thermocouples(model, batch, cfg):
    return F.huber_loss(model(batch["tc_xyt"]), batch["tc_T"], delta=0.5)
