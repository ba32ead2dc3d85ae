"""Input-sensitivity regularisers for the forecaster."""
import torch
import torch.nn.functional as F
from torch.func import jacrev, vmap

REGULARIZERS = {}


def register(name):
    def deco(fn):
        REGULARIZERS[name] = fn
        return fn
    return deco


@register("jacobian_frobenius")
def jacobian_frobenius(model, x):
    """mean_b || d f(x_b) / d x_b ||_F^2 with per-sample Jacobians from vmap(jacrev)."""
    def single(xb):
        return model(xb.unsqueeze(0)).squeeze(0)

    jac = vmap(jacrev(single))(x)  # (B, horizon, n_inputs, T)
    return jac.pow(2).sum(dim=(1, 2, 3)).mean()


@register("finite_difference")
def finite_difference(model, x, eps=1e-2):
    """Cheap first-order surrogate: output change under a smoothed random perturbation."""
    noise = torch.randn_like(x)
    noise = F.avg_pool1d(F.pad(noise, (1, 1), mode="replicate"), 3, stride=1)
    return (model(x + eps * noise) - model(x)).pow(2).sum(1).mean() / eps ** 2
