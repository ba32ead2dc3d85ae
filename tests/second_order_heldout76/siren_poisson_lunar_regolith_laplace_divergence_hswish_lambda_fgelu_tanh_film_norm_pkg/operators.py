"""Differential operators on coordinate networks (SIREN-style helpers)."""
import torch


def gradient(y, x, grad_outputs=None):
    if grad_outputs is None:
        grad_outputs = torch.ones_like(y)
    return torch.autograd.grad(y, [x], grad_outputs=grad_outputs, create_graph=True)[0]


def divergence(field, x):
    div = 0.0
    for i in range(field.shape[-1]):
        div = div + torch.autograd.grad(field[..., i], x, torch.ones_like(field[..., i]), create_graph=True)[0][..., i]
    return div


def laplace(y, x):
    return divergence(gradient(y, x), x)
