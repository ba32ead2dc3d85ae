import torch
import torch.nn.functional as F


def ferry_dynamics(x, u):
    # x = (surge offset, sway offset, surge vel, sway vel); u = thrusters
    pos, vel = x[:, :2], x[:, 2:]
    return torch.cat([vel, u - 0.3 * vel], dim=1)


def lyapunov_risk(V, ctrl, x, decay):
    x = x.requires_grad_(True)
    v = V(x)
    dVdx = torch.autograd.grad(v.sum(), x, create_graph=True)[0]
    vdot = (dVdx * ferry_dynamics(x, ctrl(x))).sum(dim=1)
    return F.relu(vdot + decay * v).mean() + F.relu(-v).mean()
