"""Contractive penalty ||d code / d x||_F^2 (Rifai et al. 2011) as a loss module."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ContractiveLoss(nn.Module):
    def __init__(self, weight):
        super().__init__()
        self.weight = weight

    def jacobian_frobenius(self, code, x):
        total = code.new_zeros(())
        for j in range(code.size(1)):
            g, = torch.autograd.grad(code[:, j].sum(), x, create_graph=True, retain_graph=True)
            total = total + g.pow(2).sum()
        return total / x.size(0)

    def forward(self, code, x):
        return self.weight * self.jacobian_frobenius(code, x)


class ReconstructionLoss(nn.Module):
    def __init__(self, kind="mse"):
        super().__init__()
        self.kind = kind

    def forward(self, recon, x):
        if self.kind == "l1":
            return F.l1_loss(recon, x)
        return F.mse_loss(recon, x)
