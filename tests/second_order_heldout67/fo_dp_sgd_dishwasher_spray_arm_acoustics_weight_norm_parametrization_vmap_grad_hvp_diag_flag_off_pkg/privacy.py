"""Per-sample gradients with torch.func, clipping and Gaussian noise (DP-SGD, Abadi et al. 2016)."""
import torch
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap


def make_per_sample_grad(model):
    def sample_loss(params, buffers, x, y):
        logp = functional_call(model, (params, buffers), (x.unsqueeze(0),))
        return F.nll_loss(logp, y.unsqueeze(0))
    return vmap(grad(sample_loss), in_dims=(None, None, 0, 0))


def privatise(per_sample, max_norm, noise_multiplier, batch_size, generator=None):
    flat = torch.cat([g.flatten(1) for g in per_sample.values()], dim=1)
    factor = (max_norm / (flat.norm(dim=1) + 1e-6)).clamp(max=1.0)
    out = {}
    for name, g in per_sample.items():
        clipped = (g * factor.view(-1, *[1] * (g.dim() - 1))).sum(0)
        noise = torch.randn(clipped.shape, generator=generator) * noise_multiplier * max_norm
        out[name] = (clipped + noise) / batch_size
    return out


def per_sample_curvature(model, params, x, y):
    """Diagnostic only: Hessian-vector product of the batch loss along the mean gradient."""
    loss = F.nll_loss(functional_call(model, params, (x,)), y)
    gs = torch.autograd.grad(loss, list(params.values()), create_graph=True)
    dot = sum((g * g.detach()).sum() for g in gs)
    return torch.autograd.grad(dot, list(params.values()))
