"""Hessian Penalty (Peebles et al. 2020), estimated with finite differences.

The off-diagonal Hessian of G w.r.t. z is penalised through the variance of second-order
central differences along Rademacher directions: no autograd second derivative is taken.
"""
import torch


def rademacher_like(z):
    return torch.randint(0, 2, z.shape).to(z.dtype) * 2 - 1


def multi_layer_second_directional_derivative(G, z, x, epsilon, k):
    directions = [epsilon * rademacher_like(z) for _ in range(k)]
    return [(G(z + v) - 2 * x + G(z - v)) / epsilon ** 2 for v in directions]


def hessian_penalty(G, z, k=2, epsilon=0.1, reduction="max", G_z=None):
    if G_z is None:
        G_z = G(z)
    second = torch.stack(multi_layer_second_directional_derivative(G, z, G_z, epsilon, k))
    penalty = second.var(dim=0, unbiased=True)
    if reduction == "max":
        return penalty.flatten(1).max(dim=1).values.mean()
    return penalty.mean()


@torch.no_grad()
def grad_norm(module):
    norms = [p.grad.norm() for p in module.parameters() if p.grad is not None]
    return torch.stack(norms).norm() if norms else torch.tensor(0.0)
