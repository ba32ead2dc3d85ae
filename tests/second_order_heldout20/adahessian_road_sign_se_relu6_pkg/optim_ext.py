import torch
from torch.optim import Optimizer


class AdaHessian(Optimizer):
    """AdaHessian (Yao et al. 2021): Adam with a Hutchinson diagonal-Hessian second moment."""

    def __init__(self, params, lr=0.15, betas=(0.9, 0.999), eps=1e-4, hessian_power=1.0):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, hessian_power=hessian_power))

    def _params(self):
        return [p for g in self.param_groups for p in g["params"] if p.requires_grad]

    @torch.no_grad()
    def step(self, loss):
        params = self._params()
        with torch.enable_grad():
            grads = torch.autograd.grad(loss, params, create_graph=True)
            zs = [torch.randint_like(p, 2) * 2.0 - 1.0 for p in params]
            hzs = torch.autograd.grad(grads, params, grad_outputs=zs)
        for group in self.param_groups:
            b1, b2 = group["betas"]
            for p, g, hz, z in zip(params, grads, hzs, zs):
                st = self.state[p]
                if not st:
                    st["step"] = 0
                    st["m"] = torch.zeros_like(p)
                    st["v"] = torch.zeros_like(p)
                st["step"] += 1
                st["m"].mul_(b1).add_(g.detach(), alpha=1 - b1)
                st["v"].mul_(b2).addcmul_(hz * z, hz * z, value=1 - b2)
                denom = (st["v"] / (1 - b2 ** st["step"])).sqrt().pow(group["hessian_power"]).add_(group["eps"])
                p.addcdiv_(st["m"] / (1 - b1 ** st["step"]), denom, value=-group["lr"])
