"""Hutchinson estimate of the Hessian diagonal for a subset of parameters."""
import torch


class HutchinsonDiag:
    def __init__(self, n_samples=2):
        self.n_samples = n_samples

    def __call__(self, loss, params):
        params = list(params)
        grads = torch.autograd.grad(loss, params, create_graph=True)
        diag = [torch.zeros_like(p) for p in params]
        for _ in range(self.n_samples):
            zs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
            hz = torch.autograd.grad(grads, params, grad_outputs=zs, retain_graph=True)
            for d, h, z in zip(diag, hz, zs):
                d += h * z / self.n_samples
        return [g.detach() for g in grads], diag
