import torch


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.shape[0], 1, 1)
    mixed = (eps * real + (1 - eps) * fake).requires_grad_(True)
    scores = critic(mixed)
    (grad,) = torch.autograd.grad(scores.sum(), mixed, create_graph=True)
    norms = grad.flatten(1).norm(dim=1)
    return ((norms - 1.0) ** 2).mean()
