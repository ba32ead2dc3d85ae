import torch


def grad_penalty(critic, real):
    real = real.clone().requires_grad_(True)
    score = critic(real).sum()
    grad, = torch.autograd.grad(score, real, create_graph=True)
    return ((grad.norm(dim=1) - 1.0) ** 2).mean()
