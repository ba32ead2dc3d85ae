import torch
import torch.nn.functional as F


def stage_loss(model, x, y):
    return F.cross_entropy(model(x), y)


def hutchinson_trace(model, x, y, samples=2):
    """Tr(H) ~ E[v^T H v] with Rademacher v (Hutchinson / PyHessian)."""
    params = [p for p in model.parameters() if p.requires_grad]
    grads = torch.autograd.grad(stage_loss(model, x, y), params, create_graph=True)
    estimates = []
    for i in range(samples):
        vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        hvs = torch.autograd.grad(grads, params, grad_outputs=vs, retain_graph=i < samples - 1)
        estimates.append(sum((h * v).sum() for h, v in zip(hvs, vs)).item())
    return sum(estimates) / len(estimates)
