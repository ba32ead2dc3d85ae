"""Jacobian (input-output) regulariser with random projections."""
import torch


def jacobian_frobenius(model, x, n_proj=1):
    x = x.detach().requires_grad_(True)
    logits = model(x)
    total = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(logits)
        v = v / v.norm()
        (jv,) = torch.autograd.grad(logits, x, grad_outputs=v, create_graph=True)
        total = total + jv.square().sum() * logits.numel()
    return total / n_proj


def jacobian_weight(step, warmup_steps, weight):
    """Off during warm-up, then constant."""
    return 0.0 if step < warmup_steps else weight
