import torch


def grad(out, inp):
    return torch.autograd.grad(out, inp, torch.ones_like(out), create_graph=True)[0]


def velocity(net, xy):
    psi = net.stream(xy)
    d = grad(psi, xy)
    return torch.stack([d[:, 1], -d[:, 0]], dim=1)


def laplace_residual(net, xy):
    psi = net.stream(xy)
    d = grad(psi, xy)
    psi_xx = grad(d[:, 0:1], xy)[:, 0:1]
    psi_yy = grad(d[:, 1:2], xy)[:, 1:2]
    return psi_xx + psi_yy


def wall_loss(net, xy_wall, normals):
    vel = velocity(net, xy_wall)
    return ((vel * normals).sum(1) ** 2).mean()
