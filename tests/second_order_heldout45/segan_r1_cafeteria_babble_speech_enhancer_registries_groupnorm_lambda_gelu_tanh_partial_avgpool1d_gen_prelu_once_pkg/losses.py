"""Adversarial (least-squares) losses, reconstruction loss, and registered discriminator penalties."""
import torch
import torch.nn.functional as F

from registry import register_penalty


@register_penalty("r1")
def r1_penalty(disc, clean, noisy):
    """Zero-centred gradient penalty on real (clean, noisy) pairs, w.r.t. the clean waveform."""
    clean = clean.detach().requires_grad_(True)
    score = disc(clean, noisy)
    (grad,) = torch.autograd.grad(score.sum(), clean, create_graph=True)
    return grad.pow(2).flatten(1).sum(1).mean()


@register_penalty("none")
def no_penalty(disc, clean, noisy):
    return clean.new_zeros(())


def d_adv_loss(real_score, fake_score):
    return F.mse_loss(real_score, torch.ones_like(real_score)) + F.mse_loss(fake_score, torch.zeros_like(fake_score))


def g_adv_loss(fake_score):
    return F.mse_loss(fake_score, torch.ones_like(fake_score))


def reconstruction_loss(enhanced, clean):
    return F.l1_loss(enhanced, clean)
