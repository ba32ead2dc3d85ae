"""Hessian-free (truncated Newton) optimiser: each step solves (H + lambda I) d = -g with conjugate gradient,
using exact Hessian-vector products of the closure's loss (Martens 2010, without the Gauss-Newton matrix)."""
import torch
from torch.optim import Optimizer


class HessianFree(Optimizer):
    def __init__(self, params, lr=1.0, damping=1e-2, cg_iters=10, cg_tol=1e-6):
        defaults = dict(lr=lr, damping=damping, cg_iters=cg_iters, cg_tol=cg_tol)
        super().__init__(params, defaults)

    def _params(self):
        return [p for group in self.param_groups for p in group["params"] if p.requires_grad]

    @torch.no_grad()
    def step(self, closure):
        group = self.param_groups[0]
        params = self._params()
        with torch.enable_grad():
            loss = closure()
            grads = torch.autograd.grad(loss, params, create_graph=True)

        def hvp(vecs):
            with torch.enable_grad():
                dot = sum((g * v).sum() for g, v in zip(grads, vecs))
                hv = torch.autograd.grad(dot, params, retain_graph=True)
            return [h + group["damping"] * v for h, v in zip(hv, vecs)]

        b = [-g.detach() for g in grads]
        x = [torch.zeros_like(p) for p in params]
        r = [bi.clone() for bi in b]
        d = [ri.clone() for ri in r]
        rs_old = sum((ri * ri).sum() for ri in r)
        for _ in range(group["cg_iters"]):
            Ad = hvp(d)
            alpha = rs_old / (sum((di * Adi).sum() for di, Adi in zip(d, Ad)) + 1e-12)
            x = [xi + alpha * di for xi, di in zip(x, d)]
            r = [ri - alpha * Adi for ri, Adi in zip(r, Ad)]
            rs_new = sum((ri * ri).sum() for ri in r)
            if rs_new.sqrt() < group["cg_tol"]:
                break
            d = [ri + (rs_new / rs_old) * di for ri, di in zip(r, d)]
            rs_old = rs_new
        for p, xi in zip(params, x):
            p.add_(xi, alpha=group["lr"])
        return loss.detach()
