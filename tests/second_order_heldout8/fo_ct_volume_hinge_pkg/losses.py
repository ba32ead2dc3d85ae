"""Hinge losses; the critic's input-gradient norm is logged as a diagnostic only."""
import torch
import torch.nn.functional as F


def critic_hinge(critic, real, fake):
    return F.relu(1.0 - critic(real)).mean() + F.relu(1.0 + critic(fake)).mean()


def generator_hinge(critic, fake):
    return -critic(fake).mean()


def input_grad_norm(critic, real):
    with torch.enable_grad():
        x = real.detach().clone().requires_grad_(True)
        (g,) = torch.autograd.grad(critic(x).sum(), x, create_graph=False)
    return g.flatten(1).norm(dim=1).mean().item()
