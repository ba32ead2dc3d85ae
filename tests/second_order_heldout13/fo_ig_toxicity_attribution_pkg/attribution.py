"""Integrated gradients (Sundararajan et al. 2017) over the fingerprint input, with a zero baseline."""
import torch


def integrated_gradients(clf, fp, desc, task, steps=16, create_graph=False):
    baseline = torch.zeros_like(fp)
    total = torch.zeros_like(fp)
    for k in range(1, steps + 1):
        x = (baseline + k / steps * (fp - baseline)).requires_grad_(True)
        logit = clf(x, desc)[:, task].sum()
        g, = torch.autograd.grad(logit, x, create_graph=create_graph)
        total = total + g
    return (fp - baseline) * total / steps


def grad_norms(model):
    return {n: p.grad.norm().item() for n, p in model.named_parameters() if p.grad is not None}
