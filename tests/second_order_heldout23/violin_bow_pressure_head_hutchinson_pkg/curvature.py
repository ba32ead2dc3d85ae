import torch


def hutchinson_trace(loss, params, n_samples=2):
    params = [p for p in params if p.requires_grad]
    grads = torch.autograd.grad(loss, params, create_graph=True)
    trace = 0.0
    for _ in range(n_samples):
        vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        hv = torch.autograd.grad(grads, params, grad_outputs=vs, create_graph=True, retain_graph=True)
        trace = trace + sum((h * v).sum() for h, v in zip(hv, vs))
    return trace / n_samples
