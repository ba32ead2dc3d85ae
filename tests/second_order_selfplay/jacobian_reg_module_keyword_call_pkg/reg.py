"""Jacobian regulariser (Hoffman et al., 2019) as an nn.Module: random projections v^T J of the input-output
Jacobian, taken with create_graph=True so that the penalty trains the classifier."""
import torch
import torch.nn as nn


class JacobianReg(nn.Module):
    def __init__(self, n_proj=1):
        super().__init__()
        self.n_proj = n_proj

    def forward(self, inputs, outputs):
        total = 0.0
        for _ in range(self.n_proj):
            v = torch.randn_like(outputs)
            v = v / v.norm(dim=1, keepdim=True)
            (jv,) = torch.autograd.grad(outputs, inputs, grad_outputs=v, create_graph=True)
            total = total + jv.pow(2).sum() / inputs.size(0)
        return total / self.n_proj
