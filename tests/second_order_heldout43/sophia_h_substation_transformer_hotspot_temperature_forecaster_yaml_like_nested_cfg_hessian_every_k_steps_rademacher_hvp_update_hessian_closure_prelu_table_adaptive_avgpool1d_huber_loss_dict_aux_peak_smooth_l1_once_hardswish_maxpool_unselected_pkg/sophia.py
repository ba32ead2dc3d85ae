"""Sophia-H: clipped sign-momentum update preconditioned by an EMA of a Hutchinson Hessian diagonal."""
import torch


class SophiaH(torch.optim.Optimizer):
    def __init__(self, params, lr=1e-2, betas=(0.96, 0.99), rho=0.05, weight_decay=0.0, eps=1e-12):
        super().__init__(params, dict(lr=lr, betas=tuple(betas), rho=rho, weight_decay=weight_decay, eps=eps))

    def _state(self, p):
        st = self.state[p]
        if not st:
            st["m"] = torch.zeros_like(p)
            st["h"] = torch.zeros_like(p)
        return st

    @torch.no_grad()
    def update_hessian(self, loss_closure):
        """h <- b2 h + (1 - b2) u * (H u), with u Rademacher; the closure recomputes the loss."""
        params = [p for g in self.param_groups for p in g["params"] if p.requires_grad]
        with torch.enable_grad():
            loss = loss_closure()
            grads = torch.autograd.grad(loss, params, create_graph=True, allow_unused=True)
            params, grads = zip(*[(p, g) for p, g in zip(params, grads) if g is not None])
            us = [torch.randint_like(p, high=2) * 2.0 - 1.0 for p in params]
            hus = torch.autograd.grad(grads, params, grad_outputs=us)
        b2 = self.param_groups[0]["betas"][1]
        for p, u, hu in zip(params, us, hus):
            self._state(p)["h"].mul_(b2).add_(u * hu, alpha=1 - b2)
        return loss.detach()

    @torch.no_grad()
    def step(self, batch_size=1):
        for group in self.param_groups:
            b1, _ = group["betas"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                st = self._state(p)
                st["m"].mul_(b1).add_(p.grad, alpha=1 - b1)
                p.mul_(1 - group["lr"] * group["weight_decay"])
                denom = (group["rho"] * batch_size * st["h"]).clamp(min=group["eps"])
                ratio = (st["m"].abs() / denom).clamp(max=1.0)
                p.addcmul_(st["m"].sign(), ratio, value=-group["lr"])
