import torch
from torch.autograd import Variable


def d(outputs, inputs):
    return torch.autograd.grad(outputs=outputs, inputs=inputs,
                               grad_outputs=torch.ones(outputs.size()),
                               create_graph=True, retain_graph=True, only_inputs=True)[0]


def heat_residual(T_net, front, xt, alpha):
    """T_t - alpha T_xx = 0 inside the liquid film, x scaled by s(t)."""
    t = xt[:, 1:2]
    s = front(t)
    X = Variable(torch.cat([xt[:, 0:1] * s, t], 1).data, requires_grad=True)
    T = T_net(X)
    dT = d(T, X)
    T_x, T_t = dT[:, 0:1], dT[:, 1:2]
    T_xx = d(T_x, X)[:, 0:1]
    return T_t - alpha * T_xx


def stefan_residual(T_net, front, t, stefan):
    """Stefan condition at the front: ds/dt = -Ste * dT/dx(s(t), t)."""
    t = Variable(t.data, requires_grad=True)
    s = front(t)
    s_t = d(s, t)
    X = torch.cat([s, t], 1)
    X = Variable(X.data, requires_grad=True)
    T_x = d(T_net(X), X)[:, 0:1]
    return s_t + stefan * T_x, front(t.data)
