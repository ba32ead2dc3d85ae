"""Functional wrappers: per-sample encoder Jacobians and the Lipschitz hinge."""
import torch
import torch.nn.functional as F
from torch.func import functional_call, jacrev, vmap


def per_sample_jacobian(module, x):
    """J[b] = d module(x_b) / d x_b, shape [B, latent, C, L], differentiable w.r.t. the parameters."""
    params = dict(module.named_parameters())
    buffers = dict(module.named_buffers())

    def single(xi):
        return functional_call(module, (params, buffers), (xi.unsqueeze(0),)).squeeze(0)

    return vmap(jacrev(single))(x)


def lipschitz_hinge(jac, target):
    frob = jac.pow(2).flatten(1).sum(dim=1).add(1e-12).sqrt()
    return F.relu(frob - target).pow(2).mean(), frob.detach()


@torch.no_grad()
def spectral_norm_estimate(jac, iters=5):
    """Largest singular value per sample (logging only)."""
    mat = jac.flatten(2)
    v = F.normalize(torch.randn(mat.shape[0], mat.shape[2]), dim=1)
    for _ in range(iters):
        u = F.normalize(torch.einsum("bij,bj->bi", mat, v), dim=1)
        v = F.normalize(torch.einsum("bij,bi->bj", mat, u), dim=1)
    return torch.einsum("bi,bij,bj->b", u, mat, v)
