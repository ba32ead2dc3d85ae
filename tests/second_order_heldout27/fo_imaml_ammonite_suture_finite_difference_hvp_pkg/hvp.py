"""Hessian-vector products by central finite differences of first-order gradients."""
import torch

from models import task_loss


def flat_grad(model, x, y):
    grads = torch.autograd.grad(task_loss(model, x, y), list(model.parameters()))
    return [g.detach() for g in grads]


@torch.no_grad()
def _shift(model, vec, scale):
    for p, v in zip(model.parameters(), vec):
        p.add_(scale * v)


def finite_difference_hvp(model, x, y, vec, eps):
    _shift(model, vec, eps)
    with torch.enable_grad():
        g_plus = flat_grad(model, x, y)
    _shift(model, vec, -2 * eps)
    with torch.enable_grad():
        g_minus = flat_grad(model, x, y)
    _shift(model, vec, eps)
    return [(a - b) / (2 * eps) for a, b in zip(g_plus, g_minus)]
