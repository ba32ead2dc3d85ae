import torch


def swing_residual(net, t, cfg):
    """m * delta'' + d * delta' + B * sin(delta) - P = 0"""
    delta = net.rotor_angle(t)
    d_dt = torch.autograd.grad(delta, t, torch.ones_like(delta), create_graph=True)[0]
    d2_dt2 = torch.autograd.grad(d_dt, t, torch.ones_like(d_dt), create_graph=True)[0]
    return cfg.inertia * d2_dt2 + cfg.damping * d_dt + cfg.coupling * torch.sin(delta) - cfg.p_mech


def initial_condition_loss(net, delta0=0.1, omega0=0.0):
    t0 = torch.zeros(1, 1, requires_grad=True)
    d = net.rotor_angle(t0)
    w = torch.autograd.grad(d.sum(), t0, create_graph=True)[0]
    return (d - delta0).pow(2).mean() + (w - omega0).pow(2).mean()
