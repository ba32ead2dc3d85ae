"""Gradient penalty (WGAN-GP, Gulrajani et al.) on interpolates between real and generated radar maps."""
import torch


def gradient_penalty(net, real, fake, center=1.0):
    eps = torch.rand(real.size(0), 1, 1, 1)
    x_hat = (eps * real + (1 - eps) * fake).requires_grad_(True)
    out = net.score(x_hat)
    g, = torch.autograd.grad(out.sum(), x_hat, create_graph=True)
    return ((g.flatten(1).norm(2, dim=1) - center) ** 2).mean()
