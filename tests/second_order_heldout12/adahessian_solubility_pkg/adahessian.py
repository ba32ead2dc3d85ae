"""A compact AdaHessian (Yao et al., 2021): Adam-style update with a Hutchinson estimate of diag(H)."""
import torch


class AdaHessian(torch.optim.Optimizer):
    def __init__(self, params, lr=0.15, betas=(0.9, 0.999), eps=1e-4, hessian_power=1.0):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, hessian_power=hessian_power))

    def _params(self):
        return [p for g in self.param_groups for p in g["params"] if p.requires_grad]

    def hutchinson_diag(self, loss):
        params = self._params()
        grads = torch.autograd.grad(loss, params, create_graph=True)
        zs = [torch.randint_like(p, 2) * 2.0 - 1.0 for p in params]
        hzs = torch.autograd.grad(grads, params, grad_outputs=zs)
        return [g.detach() for g in grads], [(hz * z).abs() for hz, z in zip(hzs, zs)]

    @torch.no_grad()
    def step(self, loss):
        with torch.enable_grad():
            grads, diags = self.hutchinson_diag(loss)
        params = self._params()
        group = self.param_groups[0]
        b1, b2 = group["betas"]
        for p, g, d in zip(params, grads, diags):
            st = self.state[p]
            if not st:
                st["t"], st["m"], st["v"] = 0, torch.zeros_like(p), torch.zeros_like(p)
            st["t"] += 1
            st["m"].mul_(b1).add_(g, alpha=1 - b1)
            st["v"].mul_(b2).addcmul_(d, d, value=1 - b2)
            m_hat = st["m"] / (1 - b1 ** st["t"])
            v_hat = (st["v"] / (1 - b2 ** st["t"])).pow(group["hessian_power"] / 2)
            p.addcdiv_(m_hat, v_hat + group["eps"], value=-group["lr"])
