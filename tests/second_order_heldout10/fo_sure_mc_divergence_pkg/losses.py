"""Monte-Carlo SURE (Ramani, Blu & Unser, 2008): the divergence is a finite difference along a random
probe, so only forward passes of the denoiser are needed and training stays first order."""
import torch


def mc_divergence(f, y, out=None, eps=1e-3):
    b = torch.randn_like(y)
    out = f(y) if out is None else out
    return (b * (f(y + eps * b) - out)).flatten(1).sum(1) / eps


def mc_sure(f, y, sigma):
    out = f(y)
    n = y[0].numel()
    mse = (y - out).flatten(1).pow(2).sum(1)
    return (mse / n - sigma ** 2 + 2 * sigma ** 2 * mc_divergence(f, y, out) / n).mean()
