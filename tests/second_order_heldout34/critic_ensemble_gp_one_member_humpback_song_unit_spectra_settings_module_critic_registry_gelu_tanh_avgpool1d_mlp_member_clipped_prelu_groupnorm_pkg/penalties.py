import torch


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1)
    mixed = (eps * real + (1 - eps) * fake).requires_grad_(True)
    out = critic(mixed)
    grads, = torch.autograd.grad(out, mixed, torch.ones_like(out), create_graph=True)
    return ((grads.norm(2, dim=1) - 1) ** 2).mean()


def clip_weights(critic, c):
    with torch.no_grad():
        for p in critic.parameters():
            p.clamp_(-c, c)
