"""Jacobian Frobenius-norm regulariser (random-projection estimate, Hoffman et al. 2019)."""
import torch


class JacobianReg:
    def __init__(self, n_proj=1):
        self.n_proj = n_proj

    def __call__(self, x, logits):
        b, c = logits.shape
        total = 0.0
        for _ in range(self.n_proj):
            v = torch.randn(b, c)
            v = v / v.norm(dim=1, keepdim=True)
            x.grad = None
            torch.autograd.backward(logits, grad_tensors=v, inputs=[x], create_graph=True)
            jv = x.grad
            total = total + c * jv.pow(2).sum() / b
        x.grad = None
        return total / self.n_proj
