"""Jacobian (Frobenius) regulariser of the dynamics via Hutchinson random VJPs."""
import torch


def jacobian_frobenius(model, s, a, n_probes=1):
    s = s.detach().requires_grad_(True)
    a = a.detach().requires_grad_(True)
    pred = model(s, a)
    total = 0.0
    for _ in range(n_probes):
        v = torch.randn_like(pred)
        js, ja = torch.autograd.grad(pred, (s, a), grad_outputs=v, create_graph=True)
        total = total + js.pow(2).sum(-1) + ja.pow(2).sum(-1)
    return (total / n_probes).mean()


def jacobian_monitor(model, s, a):
    """Spectral-ish sensitivity for logging only (no graph kept)."""
    a = a.detach().requires_grad_(True)
    pred = model(s, a)
    (ja,) = torch.autograd.grad(pred.pow(2).sum(), a)
    return ja.norm(dim=-1).mean().item()
