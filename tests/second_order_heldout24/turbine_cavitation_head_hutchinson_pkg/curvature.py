"""Hutchinson estimate of tr(H) restricted to a parameter group (flat-minima regulariser)."""
import torch


class HutchinsonTrace:
    def __init__(self, n_samples=1):
        self.n_samples = n_samples

    def __call__(self, loss, params):
        params = [p for p in params if p.requires_grad]
        grads = torch.autograd.grad(loss, params, create_graph=True)
        trace = 0.0
        for _ in range(self.n_samples):
            vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
            gv = sum((g * v).sum() for g, v in zip(grads, vs))
            hvs = torch.autograd.grad(gv, params, create_graph=True)
            trace = trace + sum((hv * v).sum() for hv, v in zip(hvs, vs))
        return trace / self.n_samples
