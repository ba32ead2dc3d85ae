import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

from config import CFG

val_criterion = nn.BCEWithLogitsLoss()


def per_example_loss(logits, y):
    return F.binary_cross_entropy_with_logits(logits, y, reduction="none")


def _exact_weights(model, x, y, xv, yv, lr):
    params = dict(model.named_parameters())
    eps = torch.zeros(len(y), requires_grad=True)
    cost = per_example_loss(functional_call(model, params, (x,)), y)
    grads = torch.autograd.grad((eps * cost).sum(), tuple(params.values()), create_graph=True)
    fast = {k: p - lr * g for (k, p), g in zip(params.items(), grads)}
    (g_eps,) = torch.autograd.grad(val_criterion(functional_call(model, fast, (xv,)), yv), eps)
    return torch.clamp(-g_eps, min=0)


def _fd_weights(model, x, y, xv, yv, lr, h):
    """-dL_val/d eps_i = lr * <g_i, g_val>; the inner product is a directional derivative of the
    per-example loss along g_val, taken by central differences (no second derivatives)."""
    params = list(model.parameters())
    g_val = torch.autograd.grad(val_criterion(model(xv), yv), params)
    with torch.no_grad():
        for p, g in zip(params, g_val):
            p.add_(h * g)
        loss_plus = per_example_loss(model(x), y)
        for p, g in zip(params, g_val):
            p.sub_(2 * h * g)
        loss_minus = per_example_loss(model(x), y)
        for p, g in zip(params, g_val):
            p.add_(h * g)
    return torch.clamp(lr * (loss_plus - loss_minus) / (2 * h), min=0)


def example_weights(model, x, y, xv, yv, lr, exact=CFG.exact_hypergrad):
    w = _exact_weights(model, x, y, xv, yv, lr) if exact else _fd_weights(model, x, y, xv, yv, lr, CFG.fd_step)
    s = w.sum()
    return w / s if s > 0 else torch.full_like(w, 1.0 / len(w))
