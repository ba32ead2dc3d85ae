"""Biased MMD^2 with a mixture of RBF kernels, as in the MMD-GAN reference code."""
import torch

BANDWIDTHS = (1.0, 2.0, 4.0, 8.0, 16.0)


def mix_rbf_mmd2(X, Y, sigmas=BANDWIDTHS):
    Z = torch.cat([X, Y], 0)
    ZZ = Z @ Z.t()
    diag = ZZ.diag().unsqueeze(1)
    exponent = diag - 2 * ZZ + diag.t()
    K = sum(torch.exp(-exponent / (2 * s ** 2)) for s in sigmas)
    m = X.size(0)
    return K[:m, :m].mean() + K[m:, m:].mean() - 2 * K[:m, m:].mean()


def critic_grad_norm(critic, x):
    """Diagnostic only: |d MMD-feature / dx| on a batch, never trained on."""
    x = x.detach().requires_grad_(True)
    f, _ = critic(x)
    (g,) = torch.autograd.grad(f.pow(2).sum(), x, create_graph=False)
    return g.flatten(1).norm(dim=1).mean().item()
