import torch


def derivative(y, x, order=1):
    for _ in range(order):
        y = torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]
    return y


def pb_residual(net, x, kappa):
    x = x.requires_grad_(True)
    psi = net(x)
    psi_xx = derivative(psi, x, order=2)
    return psi_xx - kappa ** 2 * torch.sinh(psi)
