import torch


def interpolate_samples(real, fake):
    alpha = torch.rand(real.size(0), 1, 1, 1, device=real.device)
    return (alpha * real + (1 - alpha) * fake).requires_grad_(True)


def gradient_penalty(critic, real, fake):
    x_hat = interpolate_samples(real, fake.detach())
    out = critic(x_hat)
    grad, = torch.autograd.grad(outputs=out, inputs=x_hat, grad_outputs=torch.ones_like(out),
                                create_graph=True, retain_graph=True)
    return ((grad.view(grad.size(0), -1).norm(2, dim=1) - 1) ** 2).mean()
