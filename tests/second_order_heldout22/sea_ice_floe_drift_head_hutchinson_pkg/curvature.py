import torch


def rademacher_like(p):
    return torch.randint_like(p, high=2) * 2.0 - 1.0


def hutchinson_trace(loss, params, n_probe=2):
    params = [p for p in params if p.requires_grad]
    grads = torch.autograd.grad(loss, params, create_graph=True)
    est = 0.0
    for _ in range(n_probe):
        zs = [rademacher_like(p) for p in params]
        gz = sum((g * z).sum() for g, z in zip(grads, zs))
        hz = torch.autograd.grad(gz, params, create_graph=True)
        est = est + sum((h * z).sum() for h, z in zip(hz, zs))
    return est / n_probe
