import torch
import torch.nn.functional as F


def lipschitz_penalty(critic, real, fake):
    """WGAN-LP (Petzka et al.): one-sided penalty max(0, |grad| - 1)^2 on random interpolates."""
    t = torch.rand(real.size(0), 1, 1, 1)
    x_hat = (t * real + (1 - t) * fake).detach().requires_grad_(True)
    out = critic(x_hat)
    (g,) = torch.autograd.grad(out, x_hat, grad_outputs=torch.ones_like(out), create_graph=True)
    slope = g.flatten(1).norm(dim=1)
    return F.relu(slope - 1.0).pow(2).mean()


def wasserstein_critic_loss(critic, real, fake):
    return critic(fake).mean() - critic(real).mean()
