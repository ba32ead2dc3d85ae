import torch


def _d(y, x):
    return torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)[0]


def vasicek_residual(net, t, r, cfg):
    P = net.price(t, r)
    P_t = _d(P, t)
    P_r = _d(P, r)
    P_rr = _d(P_r, r)
    res = P_t + cfg.kappa * (cfg.theta - r) * P_r + 0.5 * cfg.sigma ** 2 * P_rr - r * P
    return (res ** 2).mean()


def maturity_loss(net, r, T=1.0):
    t = torch.full_like(r, T)
    return ((net.price(t, r) - 1.0) ** 2).mean()
