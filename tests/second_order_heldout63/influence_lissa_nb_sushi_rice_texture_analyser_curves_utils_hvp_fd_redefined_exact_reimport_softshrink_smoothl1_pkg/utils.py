"""Influence-function helpers (Koh & Liang style): exact HVP, LiSSA, flat grads."""
import torch


def flat(tensors):
    return torch.cat([t.reshape(-1) for t in tensors])


def hvp(loss, params, v):
    """exact Hessian-vector product by double backprop"""
    g = torch.autograd.grad(loss, params, create_graph=True)
    return torch.autograd.grad(g, params, grad_outputs=v)


def lissa(loss_fn, params, v, hvp_fn, depth=10, damping=0.01, scale=25.0):
    """inverse-HVP estimate  H^-1 v  with the LiSSA recursion"""
    est = [vi.clone() for vi in v]
    for _ in range(depth):
        hv = hvp_fn(loss_fn(), params, est)
        est = [vi + (1 - damping) * e - h / scale for vi, e, h in zip(v, est, hv)]
    return [e / scale for e in est]
