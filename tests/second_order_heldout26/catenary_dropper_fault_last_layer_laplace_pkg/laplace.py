"""Last-layer Laplace approximation: exact Hessian (no GGN) of the NLL w.r.t. the head parameters only."""
import torch
from torch.autograd.functional import hessian
from torch.func import functional_call


class LastLayerLaplace:
    def __init__(self, prior_precision=1.0):
        self.prior_precision = prior_precision
        self.mean = None
        self.posterior_cov = None

    def fit(self, head, feats, targets, nll):
        names = [n for n, _ in head.named_parameters()]
        shapes = [p.shape for _, p in head.named_parameters()]
        sizes = [p.numel() for _, p in head.named_parameters()]
        theta = torch.cat([p.detach().flatten() for p in head.parameters()])

        def loss_of(flat):
            chunks = torch.split(flat, sizes)
            params = {n: c.view(s) for n, c, s in zip(names, chunks, shapes)}
            return nll(functional_call(head, params, (feats,)), targets)

        H = hessian(loss_of, theta)
        precision = H + self.prior_precision * torch.eye(theta.numel())
        self.mean = theta
        self.posterior_cov = torch.linalg.inv(precision)
        return self

    def predictive_var(self):
        return self.posterior_cov.diagonal().mean()
