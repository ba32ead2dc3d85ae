"""Stationary Schroedinger operator for a Morse oscillator (hbar = m = 1)."""
import torch
import torch.nn.functional as F


def morse_potential(r, D, a, r0):
    return D * (1.0 - torch.exp(-a * (r - r0))) ** 2


def second_derivative(psi, r):
    dpsi = torch.autograd.grad(psi.sum(), r, create_graph=True)[0]
    return torch.autograd.grad(dpsi.sum(), r, create_graph=True)[0]


def eigen_residual(net, r, energy, D, a, r0):
    r = r.clone().requires_grad_(True)
    psi = net(r)
    d2psi = second_derivative(psi, r)
    h_psi = -0.5 * d2psi + morse_potential(r, D, a, r0) * psi
    return h_psi - energy * psi, psi


def residual_loss(res, psi):
    scale = psi.pow(2).mean().detach() + 1e-8
    return F.huber_loss(res, torch.zeros_like(res), delta=1.0) / scale


def normalisation_loss(net, r_grid):
    psi = net(r_grid)
    norm = torch.trapezoid(psi.squeeze(-1) ** 2, r_grid.squeeze(-1))
    return (norm - 1.0) ** 2


def orthogonality_loss(net, ground, r_grid):
    overlap = torch.trapezoid((net(r_grid) * ground(r_grid).detach()).squeeze(-1), r_grid.squeeze(-1))
    return overlap ** 2
