"""Physics-informed DeepONet losses for the advection equation s_t + c(x) s_x = 0 (Wang, Wang & Perdikaris):
the residual needs ds/dy of the operator output, taken with create_graph so it can be trained on."""
import torch
import torch.nn.functional as F


def gradients(outputs, inputs):
    return torch.autograd.grad(outputs, inputs, grad_outputs=torch.ones_like(outputs), create_graph=True)[0]


class AdvectionResidual:
    def __init__(self, speed_fn):
        self.speed_fn = speed_fn

    def __call__(self, operator_net, u, y):
        y = y.clone().requires_grad_(True)
        s = operator_net(u, y)
        ds = gradients(s, y)
        s_x, s_t = ds[..., 0], ds[..., 1]
        res = s_t + self.speed_fn(y[..., 0].detach()) * s_x
        return res.pow(2).mean()


def initial_condition_loss(operator_net, u, y_ic, s_ic):
    return F.mse_loss(operator_net(u, y_ic), s_ic)
