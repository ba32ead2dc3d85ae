import torch
import torch.nn.functional as F


def pgd(clf, flux, label, eps=0.01, alpha=0.004, steps=3):
    delta = torch.zeros_like(flux).uniform_(-eps, eps).requires_grad_(True)
    for _ in range(steps):
        loss = F.cross_entropy(clf.logits(flux + delta), label)
        (g,) = torch.autograd.grad(loss, delta)
        delta = (delta + alpha * g.sign()).clamp(-eps, eps).detach().requires_grad_(True)
    return (flux + delta).detach()


def input_grad_norm(clf, flux, label):
    probe = flux.detach().clone().requires_grad_(True)
    loss = F.nll_loss(clf(probe), label)
    loss.backward()
    return probe.grad.norm().item()
