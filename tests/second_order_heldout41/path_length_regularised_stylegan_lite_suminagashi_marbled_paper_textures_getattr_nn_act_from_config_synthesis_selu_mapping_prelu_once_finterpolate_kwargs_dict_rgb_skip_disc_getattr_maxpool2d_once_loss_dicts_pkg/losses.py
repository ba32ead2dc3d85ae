"""Adversarial losses (chosen by key from config) and StyleGAN2's path-length regulariser."""
import math

import torch
import torch.nn.functional as F


def d_logistic(real_logits, fake_logits):
    return F.softplus(fake_logits).mean() + F.softplus(-real_logits).mean()


def d_hinge(real_logits, fake_logits):
    return F.relu(1.0 - real_logits).mean() + F.relu(1.0 + fake_logits).mean()


def g_nonsaturating(fake_logits):
    return F.softplus(-fake_logits).mean()


def g_wasserstein(fake_logits):
    return -fake_logits.mean()


D_LOSSES = {"logistic": d_logistic, "hinge": d_hinge}
G_LOSSES = {"nonsaturating": g_nonsaturating, "wgan": g_wasserstein}


class PathLengthPenalty:
    """E[(|J_w^T y| - a)^2] with y ~ N(0, I) / sqrt(HW) and a an EMA of the observed lengths."""

    def __init__(self, weight, decay):
        self.weight, self.decay = weight, decay
        self.pl_mean = torch.zeros(())

    def __call__(self, generator, z):
        img, ws = generator(z, return_ws=True)
        noise = torch.randn_like(img) / math.sqrt(img.shape[2] * img.shape[3])
        grads, = torch.autograd.grad(outputs=(img * noise).sum(), inputs=ws, create_graph=True)
        lengths = grads.pow(2).sum(dim=2).mean(dim=1).sqrt()
        pl_mean = self.pl_mean.lerp(lengths.mean().detach(), self.decay)
        self.pl_mean = pl_mean.detach()
        penalty = (lengths - pl_mean).pow(2).mean()
        return self.weight * penalty, lengths.mean().item()
