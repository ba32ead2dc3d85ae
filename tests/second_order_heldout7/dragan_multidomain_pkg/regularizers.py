"""DRAGAN (Kodali et al. 2017): gradient penalty on noisy perturbations around the real data."""
import torch


def dragan_penalty(disc, real, domain, k=1.0, c=0.5):
    std = real.std(dim=(0, 1, 2, 3), keepdim=True)
    alpha = torch.rand(real.size(0), 1, 1, 1)
    x_hat = (real + alpha * c * std * torch.rand_like(real)).detach().requires_grad_(True)
    scores = disc(x_hat, domain)
    grads = torch.autograd.grad(scores.sum(), x_hat, create_graph=True)[0]
    return ((grads.flatten(1).norm(2, dim=1) - k) ** 2).mean()
