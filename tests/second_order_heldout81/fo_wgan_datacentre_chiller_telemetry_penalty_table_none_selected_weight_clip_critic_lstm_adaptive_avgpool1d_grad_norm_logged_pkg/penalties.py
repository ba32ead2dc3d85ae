import torch


def wgan_gp(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1)
    mix = (eps * real + (1 - eps) * fake).requires_grad_(True)
    (g,) = torch.autograd.grad(critic(mix).sum(), mix, create_graph=True)
    return (g.flatten(1).norm(dim=1) - 1).pow(2).mean()


def r1(critic, real, fake):
    real = real.detach().requires_grad_(True)
    (g,) = torch.autograd.grad(critic(real).sum(), real, create_graph=True)
    return g.pow(2).flatten(1).sum(1).mean()


def no_penalty(critic, real, fake):
    return real.new_zeros(())


PENALTIES = {"wgan_gp": wgan_gp, "r1": r1, "none": no_penalty}


def critic_input_grad_norm(critic, real):
    """Diagnostics only: |dC/dx| on real data, no graph kept."""
    x = real.detach().requires_grad_(True)
    (g,) = torch.autograd.grad(critic(x).sum(), x)
    return g.flatten(1).norm(dim=1).mean().item()
