"""AdaHessian (Yao et al. 2021): Adam with the Hutchinson estimate of the Hessian diagonal."""
import torch


class AdaHessian(torch.optim.Optimizer):
    def __init__(self, params, lr=0.15, betas=(0.9, 0.999), eps=1e-4, hessian_power=1.0, n_samples=1):
        defaults = dict(lr=lr, betas=betas, eps=eps, hessian_power=hessian_power)
        super().__init__(params, defaults)
        self.n_samples = n_samples

    def get_params(self):
        return (p for group in self.param_groups for p in group["params"] if p.requires_grad)

    @torch.no_grad()
    def set_hessian(self):
        params = [p for p in self.get_params() if p.grad is not None]
        for p in params:
            p.hess = torch.zeros_like(p)
        for _ in range(self.n_samples):
            zs = [torch.randint(0, 2, p.size(), dtype=p.dtype) * 2.0 - 1.0 for p in params]
            with torch.enable_grad():
                h_zs = torch.autograd.grad([p.grad for p in params], params, grad_outputs=zs,
                                           retain_graph=True)
            for h_z, z, p in zip(h_zs, zs, params):
                p.hess += h_z * z / self.n_samples

    @torch.no_grad()
    def step(self):
        self.set_hessian()
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if not state:
                    state["step"] = 0
                    state["exp_avg"] = torch.zeros_like(p)
                    state["exp_hessian_diag_sq"] = torch.zeros_like(p)
                state["step"] += 1
                b1, b2 = group["betas"]
                state["exp_avg"].mul_(b1).add_(p.grad, alpha=1 - b1)
                state["exp_hessian_diag_sq"].mul_(b2).addcmul_(p.hess, p.hess, value=1 - b2)
                bc1 = 1 - b1 ** state["step"]
                bc2 = 1 - b2 ** state["step"]
                k = group["hessian_power"]
                denom = ((state["exp_hessian_diag_sq"] / bc2).pow(k / 2)).add_(group["eps"])
                p.addcdiv_(state["exp_avg"], denom, value=-group["lr"] / bc1)
