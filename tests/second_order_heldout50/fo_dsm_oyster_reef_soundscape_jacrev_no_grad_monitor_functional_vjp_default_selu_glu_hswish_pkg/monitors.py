"""Diagnostics of the learned score field. Nothing here is trained on."""
import torch
from torch.autograd.functional import vjp
from torch.func import jacrev, vmap


@torch.no_grad()
def jacobian_asymmetry(net, x, sigma_idx, sigma):
    """A true score field has a symmetric Jacobian; report ||J - J^T|| / ||J||."""
    def single(xi, si, s):
        return net(xi[None], si[None], s[None])[0]

    jac = vmap(jacrev(single))(x, sigma_idx, sigma)
    asym = (jac - jac.transpose(1, 2)).flatten(1).norm(dim=1)
    return (asym / jac.flatten(1).norm(dim=1).clamp_min(1e-8)).mean().item()


def hutchinson_divergence(net, x, sigma_idx, sigma, n_probe=2):
    est = torch.zeros(x.shape[0])
    for _ in range(n_probe):
        v = torch.randint(0, 2, x.shape).float() * 2 - 1
        _, vjp_v = vjp(lambda inp: net(inp, sigma_idx, sigma), x, v)
        est += (vjp_v * v).sum(dim=1) / n_probe
    return est.mean().item()
