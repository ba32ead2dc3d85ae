"""Vector field of the dissipative HNN and the trajectory losses."""
import torch
import torch.nn as nn


def canonical_J(n):
    eye, zero = torch.eye(n), torch.zeros(n, n)
    return torch.cat([torch.cat([zero, eye], 1), torch.cat([-eye, zero], 1)], 0)


class DissipativeHNN(nn.Module):
    def __init__(self, hamiltonian, dissipation, n):
        super().__init__()
        self.H, self.D = hamiltonian, dissipation
        self.register_buffer("J", canonical_J(n))

    def forward(self, x):
        with torch.enable_grad():
            if not x.requires_grad:
                x = x.clone().requires_grad_(True)
            dH, = torch.autograd.grad(self.H(x).sum(), x, create_graph=self.training)
            dD, = torch.autograd.grad(self.D(x).sum(), x, create_graph=self.training)
        return dH @ self.J.T - dD

    def energy(self, x):
        return self.H(x)


LOSSES = {
    "smooth_l1": nn.SmoothL1Loss(beta=0.05),
    "mse": nn.MSELoss(),
    "l1": nn.L1Loss(),
}
