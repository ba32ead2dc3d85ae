import torch


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1)
    mixed = eps * real + (1 - eps) * fake
    mixed.requires_grad_(True)
    out = critic(mixed)
    grad = torch.autograd.grad(outputs=out, inputs=mixed, grad_outputs=torch.ones_like(out),
                               create_graph=True, retain_graph=True)[0]
    return ((grad.view(grad.size(0), -1).norm(2, dim=1) - 1) ** 2).mean()
