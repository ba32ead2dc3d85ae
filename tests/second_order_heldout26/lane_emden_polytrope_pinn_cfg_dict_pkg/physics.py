import torch


def derivative(y, x):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]


def lane_emden_residual(theta_net, xi, n):
    """xi * theta'' + 2 theta' + xi * theta^n = 0  (multiplied through by xi to avoid the 2/xi pole)."""
    theta = theta_net(xi)
    d1 = derivative(theta, xi)
    d2 = derivative(d1, xi)
    return xi * d2 + 2 * d1 + xi * theta.clamp(min=0).pow(n)


def residual_loss(theta_net, xi, n):
    return lane_emden_residual(theta_net, xi, n).pow(2).mean()
