"""Hutchinson estimate of tr(H) over a parameter group, kept differentiable so it can be penalised."""
import torch


def hutchinson_trace(loss, params, n_samples=2):
    params = list(params)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    trace = 0.0
    for _ in range(n_samples):
        zs = [torch.randint_like(p, 0, 2) * 2 - 1 for p in params]
        hz = torch.autograd.grad(grads, params, grad_outputs=zs, create_graph=True)
        trace = trace + sum((h * z).sum() for h, z in zip(hz, zs))
    return trace / n_samples
