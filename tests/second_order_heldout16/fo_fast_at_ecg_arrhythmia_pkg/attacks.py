import torch
import torch.nn.functional as F


def fgsm_rs(clf, x, y, eps=0.05, alpha=0.0625):
    """'Fast is better than free' FGSM with random start (Wong et al. 2020)."""
    delta = torch.zeros_like(x).uniform_(-eps, eps).requires_grad_(True)
    loss = F.cross_entropy(clf(x + delta), y)
    loss.backward()
    delta = (delta + alpha * delta.grad.sign()).clamp(-eps, eps)
    return (x + delta).detach()


def input_grad_norm(clf, x, y):
    x = x.clone().requires_grad_(True)
    g, = torch.autograd.grad(F.cross_entropy(clf(x), y), x, create_graph=False)
    return g.flatten(1).norm(dim=1).mean().item()
