"""Energy regularisers and the (detached) Langevin sampler for negatives."""
import torch


def energy_gradient_penalty(energy, x, create_graph):
    """Returns (mean ||dE/dx||^2 on x, E(x)); with create_graph the penalty trains E."""
    x = x.detach().requires_grad_(True)
    e = energy(x)
    (g,) = torch.autograd.grad(e.sum(), x, create_graph=create_graph)
    return g.flatten(1).pow(2).sum(dim=1).mean(), e


def langevin_negatives(energy, x0, steps, step_size, noise):
    x = x0.detach()
    for _ in range(steps):
        x.requires_grad_(True)
        (g,) = torch.autograd.grad(energy(x).sum(), x)
        x = (x - step_size * g + noise * torch.randn_like(x)).clamp(-1.0, 1.0).detach()
    return x
