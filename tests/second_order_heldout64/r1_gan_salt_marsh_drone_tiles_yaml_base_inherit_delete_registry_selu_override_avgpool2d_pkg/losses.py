"""Non-saturating GAN losses and the R1 zero-centred gradient penalty (Mescheder et al. 2018)."""
import torch
import torch.nn.functional as F


def d_logistic_loss(real_scores, fake_scores):
    return F.softplus(fake_scores).mean() + F.softplus(-real_scores).mean()


def g_nonsaturating_loss(fake_scores):
    return F.softplus(-fake_scores).mean()


def r1_penalty(discriminator, real_tiles):
    real_tiles = real_tiles.detach().requires_grad_(True)
    scores = discriminator(real_tiles)
    (grad,) = torch.autograd.grad(scores.sum(), real_tiles, create_graph=True)
    return grad.pow(2).flatten(1).sum(1).mean(), scores
