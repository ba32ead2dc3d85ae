"""MMD^2 with a mixture of RBF kernels and the witness-function gradient penalty of Binkowski et al. (2018)."""
import torch

SIGMAS = (0.5, 1.0, 2.0, 4.0)


def _sq_dists(a, b):
    aa = (a * a).sum(1, keepdim=True)
    bb = (b * b).sum(1, keepdim=True)
    return (aa + bb.t() - 2 * a @ b.t()).clamp_min(0)


def rbf_mixture(a, b, sigmas=SIGMAS):
    d = _sq_dists(a, b)
    return sum(torch.exp(-d / (2 * s ** 2)) for s in sigmas)


def mmd2_unbiased(fx, fy):
    m = fx.size(0)
    kxx, kyy, kxy = rbf_mixture(fx, fx), rbf_mixture(fy, fy), rbf_mixture(fx, fy)
    off = 1 - torch.eye(m)
    return (kxx * off).sum() / (m * (m - 1)) + (kyy * off).sum() / (m * (m - 1)) - 2 * kxy.mean()


def witness_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1, 1)
    x_hat = (eps * real + (1 - eps) * fake).requires_grad_(True)
    f_hat = critic(x_hat)
    witness = rbf_mixture(f_hat, critic(real)).mean(1) - rbf_mixture(f_hat, critic(fake)).mean(1)
    (g,) = torch.autograd.grad(witness.sum(), x_hat, create_graph=True)
    return ((g.flatten(1).norm(dim=1) - 1) ** 2).mean()
