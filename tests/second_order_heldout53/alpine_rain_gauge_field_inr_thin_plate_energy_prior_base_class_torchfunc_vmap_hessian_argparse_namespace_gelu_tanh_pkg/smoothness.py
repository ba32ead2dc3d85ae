"""Curvature priors on the field. The base class computes per-point Hessians w.r.t. (x, y)."""
import torch
from torch.func import functional_call, hessian, vmap


class SmoothnessPrior:
    def __init__(self, weight):
        self.weight = weight

    def hessians(self, model, coords):
        params = dict(model.named_parameters())
        buffers = dict(model.named_buffers())

        def field_at(xy, z):
            inp = torch.cat([xy, z]).unsqueeze(0)
            return functional_call(model, (params, buffers), (inp,)).squeeze()

        return vmap(hessian(field_at))(coords[:, :2], coords[:, 2:])  # (N, 2, 2)

    def energy(self, H):
        raise NotImplementedError

    def __call__(self, model, coords):
        return self.weight * self.energy(self.hessians(model, coords))


class ThinPlatePrior(SmoothnessPrior):
    """Thin-plate bending energy f_xx^2 + 2 f_xy^2 + f_yy^2."""

    def energy(self, H):
        return H.pow(2).sum(dim=(-2, -1)).mean()


class LaplacianPrior(SmoothnessPrior):
    def energy(self, H):
        return vmap(torch.trace)(H).pow(2).mean()


PRIORS = {"thin_plate": ThinPlatePrior, "laplacian": LaplacianPrior}
