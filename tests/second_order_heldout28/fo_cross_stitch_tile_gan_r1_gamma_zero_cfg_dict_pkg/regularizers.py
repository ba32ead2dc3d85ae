import torch


def r1_penalty(disc, real):
    real = real.detach().requires_grad_(True)
    out = disc(real)
    grad, = torch.autograd.grad(out.sum(), real, create_graph=True)
    return grad.pow(2).flatten(1).sum(1).mean()


def hinge_d(real_out, fake_out):
    return torch.relu(1 - real_out).mean() + torch.relu(1 + fake_out).mean()


def hinge_g(fake_out):
    return -fake_out.mean()
