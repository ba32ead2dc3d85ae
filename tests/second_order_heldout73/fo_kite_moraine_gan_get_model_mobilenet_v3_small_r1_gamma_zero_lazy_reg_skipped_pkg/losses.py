import torch
import torch.nn.functional as F


def d_logistic_loss(real_logits, fake_logits):
    return F.binary_cross_entropy_with_logits(real_logits, torch.ones_like(real_logits)) + \
        F.binary_cross_entropy_with_logits(fake_logits, torch.zeros_like(fake_logits))


def g_nonsaturating_loss(fake_logits):
    return F.binary_cross_entropy_with_logits(fake_logits, torch.ones_like(fake_logits))


def r1_reg(disc, real):
    real = real.detach().requires_grad_(True)
    grad, = torch.autograd.grad(disc(real).sum(), real, create_graph=True)
    return grad.pow(2).flatten(1).sum(1).mean()
