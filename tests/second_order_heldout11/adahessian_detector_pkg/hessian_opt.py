import torch


class HutchinsonAdaHessian:
    """AdaHessian-style update; the Hessian diagonal comes from one Rademacher probe per step."""

    def __init__(self, model, lr=0.05, beta1=0.9, beta2=0.999, eps=1e-4):
        self.params = [p for p in model.parameters() if p.requires_grad]
        self.lr, self.b1, self.b2, self.eps = lr, beta1, beta2, eps
        self.m = [torch.zeros_like(p) for p in self.params]
        self.v = [torch.zeros_like(p) for p in self.params]
        self.t = 0

    def hessian_diag(self, grads):
        probes = [torch.randint_like(p, 0, 2) * 2.0 - 1.0 for p in self.params]
        hv = torch.autograd.grad(grads, self.params, grad_outputs=probes)
        return [(h * z).abs() for h, z in zip(hv, probes)]

    def step(self, loss):
        grads = torch.autograd.grad(loss, self.params, create_graph=True)
        diag = self.hessian_diag(grads)
        self.t += 1
        with torch.no_grad():
            for p, g, d, m, v in zip(self.params, grads, diag, self.m, self.v):
                m.mul_(self.b1).add_(g.detach(), alpha=1 - self.b1)
                v.mul_(self.b2).addcmul_(d, d, value=1 - self.b2)
                mhat = m / (1 - self.b1 ** self.t)
                vhat = v / (1 - self.b2 ** self.t)
                p.sub_(self.lr * mhat / (vhat.sqrt() + self.eps))
