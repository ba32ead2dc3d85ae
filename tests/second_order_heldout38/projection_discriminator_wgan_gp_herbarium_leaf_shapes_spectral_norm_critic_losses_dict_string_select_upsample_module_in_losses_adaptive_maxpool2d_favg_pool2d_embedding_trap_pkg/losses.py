"""Critic / generator objectives. Images are stored at DATA_RES and seen by the critic at CRITIC_RES."""
import torch
import torch.nn as nn
import torch.nn.functional as F

import config

TO_CRITIC_RES = nn.Upsample(scale_factor=config.CRITIC_RES // config.DATA_RES, mode="nearest")


def critic_score(critic, x, y):
    return critic(TO_CRITIC_RES(x), y)


def gradient_penalty(critic, real, fake, y):
    alpha = torch.rand(real.size(0), 1, 1, 1)
    x_hat = (alpha * real + (1 - alpha) * fake).detach().requires_grad_(True)
    score = critic_score(critic, x_hat, y)
    (g,) = torch.autograd.grad(score.sum(), x_hat, create_graph=True)
    return ((g.flatten(1).norm(dim=1) - 1.0) ** 2).mean()


def wgan_gp_d_loss(critic, real, fake, y):
    loss = critic_score(critic, fake, y).mean() - critic_score(critic, real, y).mean()
    return loss + config.GP_WEIGHT * gradient_penalty(critic, real, fake, y)


def hinge_d_loss(critic, real, fake, y):
    return F.relu(1.0 - critic_score(critic, real, y)).mean() + F.relu(1.0 + critic_score(critic, fake, y)).mean()


def generator_loss(critic, fake, y):
    return -critic_score(critic, fake, y).mean()


LOSSES = {"wgan_gp": wgan_gp_d_loss, "hinge": hinge_d_loss}
