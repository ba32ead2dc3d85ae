import torch
import torch.nn.functional as F

from augment import diff_augment


def d_logistic(disc, real, fake):
    return F.softplus(disc(diff_augment(fake))).mean() + F.softplus(-disc(diff_augment(real))).mean()


def r1_penalty(disc, real):
    real = real.detach().requires_grad_(True)
    scores = disc(diff_augment(real))
    grad_real, = torch.autograd.grad(outputs=scores.sum(), inputs=real, create_graph=True)
    return grad_real.pow(2).reshape(grad_real.size(0), -1).sum(1).mean()


def g_nonsaturating(disc, fake):
    return F.softplus(-disc(diff_augment(fake))).mean()
