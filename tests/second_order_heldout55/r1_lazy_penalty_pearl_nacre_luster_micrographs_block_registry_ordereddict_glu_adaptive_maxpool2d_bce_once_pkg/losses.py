import torch
import torch.nn as nn
import torch.nn.functional as F

LOSSES = {}


def register_loss(name):
    def deco(fn):
        LOSSES[name] = fn
        return fn
    return deco


_bce = nn.BCEWithLogitsLoss()


@register_loss("bce")
def bce_d(d_real, d_fake):
    return _bce(d_real, torch.ones_like(d_real)) + _bce(d_fake, torch.zeros_like(d_fake))


@register_loss("ns")
def nonsat_d(d_real, d_fake):
    return F.softplus(-d_real).mean() + F.softplus(d_fake).mean()


def g_bce(d_fake):
    return _bce(d_fake, torch.ones_like(d_fake))


def r1_penalty(D, real):
    real = real.detach().requires_grad_(True)
    d_real = D(real)
    grad_real, = torch.autograd.grad(outputs=d_real.sum(), inputs=real, create_graph=True)
    return grad_real.pow(2).sum(dim=[1, 2, 3]).mean()
