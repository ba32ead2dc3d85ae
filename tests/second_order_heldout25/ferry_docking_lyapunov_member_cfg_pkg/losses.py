import torch


def ferry_dynamics(x, u):
    pos, vel = x[:, :3], x[:, 3:]
    acc = u - 0.4 * vel - 0.1 * vel.abs() * vel
    return torch.cat([vel, acc], dim=1)


def lyapunov_risk(V, pi, x, decay=0.5):
    """Penalise states where dV/dt = grad V . f(x, pi(x)) is not below -decay * V."""
    x = x.requires_grad_(True)
    v = V.energy(x)
    dv_dx, = torch.autograd.grad(v.sum(), x, create_graph=True)
    vdot = (dv_dx * ferry_dynamics(x, pi(x))).sum(-1, keepdim=True)
    return torch.relu(vdot + decay * v).mean() + torch.relu(-v).mean()
