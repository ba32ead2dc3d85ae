"""Gulrajani et al. gradient penalty, evaluated on real/fake interpolates."""
import torch


def interpolates(real, fake):
    alpha = torch.rand(real.size(0), 1, 1, 1, device=real.device)
    mixed = alpha * real + (1.0 - alpha) * fake
    return mixed.requires_grad_(True)


def gradient_penalty(critic, real, fake, target_norm=1.0):
    x_hat = interpolates(real, fake.detach())
    scores = critic(x_hat)
    (grads,) = torch.autograd.grad(scores.sum(), x_hat, create_graph=True)
    norms = grads.flatten(start_dim=1).norm(2, dim=1)
    return ((norms - target_norm) ** 2).mean()


def wasserstein_critic_loss(real_scores, fake_scores):
    return fake_scores.mean() - real_scores.mean()


def wasserstein_generator_loss(fake_scores):
    return -fake_scores.mean()
