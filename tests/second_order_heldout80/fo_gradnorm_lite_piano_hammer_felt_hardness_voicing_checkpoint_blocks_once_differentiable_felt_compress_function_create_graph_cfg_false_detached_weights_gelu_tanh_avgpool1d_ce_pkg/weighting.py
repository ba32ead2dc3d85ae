"""GradNorm-lite: task weights from the gradient norms of each task loss at the shared layer."""
import torch


def task_grad_norms(losses, shared_weight, exact=False):
    norms = []
    for loss in losses:
        (g,) = torch.autograd.grad(loss, shared_weight, retain_graph=True, create_graph=exact)
        norms.append(g.norm())
    return torch.stack(norms)


def update_weights(weights, norms, losses, initial, alpha):
    ratios = torch.stack([l.detach() for l in losses]) / initial
    rel = ratios / ratios.mean()
    target = norms.detach().mean() * rel.pow(alpha)
    new = weights * (target / norms.detach().clamp(min=1e-8))
    return new * len(losses) / new.sum()
