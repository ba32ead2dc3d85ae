import torch
import torch.nn.functional as F


def head_hessian_trace(model, images, phases, n_probes=4):
    """Hutchinson estimate of tr(H) of the classification loss w.r.t. the head parameters only."""
    core = model.module if hasattr(model, "module") else model
    params = [p for p in core.head.parameters() if p.requires_grad]
    loss = F.cross_entropy(model(images), phases)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    trace = 0.0
    for _ in range(n_probes):
        vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        hv = torch.autograd.grad(grads, params, grad_outputs=vs, retain_graph=True)
        trace += sum((h * v).sum() for h, v in zip(hv, vs)).item()
    return trace / n_probes
