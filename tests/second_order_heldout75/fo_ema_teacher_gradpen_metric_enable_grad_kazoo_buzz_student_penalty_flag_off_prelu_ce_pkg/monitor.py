"""Robustness monitors computed on the EMA teacher (never trained through)."""
import torch
import torch.nn.functional as F


@torch.no_grad()
def ema_input_smoothness(ema, x, y):
    """E||d CE / d x||^2 of the EMA model; kept differentiable for parity with the training penalty."""
    with torch.enable_grad():
        x = x.clone().requires_grad_(True)
        loss = F.cross_entropy(ema(x), y)
        (g,) = torch.autograd.grad(loss, x, create_graph=True)
        value = g.pow(2).sum((1, 2)).mean()
    return value.item()


def input_gradient_penalty(model, x, y):
    x = x.clone().requires_grad_(True)
    loss = F.cross_entropy(model(x), y)
    (g,) = torch.autograd.grad(loss, x, create_graph=True)
    return g.pow(2).sum((1, 2)).mean()
