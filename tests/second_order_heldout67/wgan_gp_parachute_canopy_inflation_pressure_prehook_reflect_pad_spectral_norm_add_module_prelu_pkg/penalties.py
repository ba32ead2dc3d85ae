"""Gradient penalty on random interpolates (Gulrajani et al.)."""
import torch


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.shape[0], 1, 1)
    x_hat = (eps * real + (1 - eps) * fake).requires_grad_(True)
    scores = critic(x_hat)
    grad, = torch.autograd.grad(scores.sum(), x_hat, create_graph=True)
    return (grad.flatten(1).norm(dim=1) - 1).pow(2).mean()
