"""Implicit smoother for greenhouse humidity sensors, trained with a Jacobian (vjp) regulariser.

A module-level solver iterates the cell without autograd and returns the pair (f(h*), h*) of one
differentiable application at the fixed point; the caller unpacks it and differentiates the first
element w.r.t. the second with create_graph=True.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SmootherCell(nn.Module):
    def __init__(self, d=10):
        super().__init__()
        self.lin = nn.Linear(d, d)
        self.act = nn.PReLU(d)

    def forward(self, h, u):
        return 0.5 * self.act(self.lin(h)) + u


def fixed_point(cell, u, iters=12):
    with torch.no_grad():
        h = torch.zeros_like(u)
        for _ in range(iters):
            h = cell(h, u)
    h_star = h.clone().requires_grad_()
    return cell(h_star, u), h_star


def humidity_windows(n, gen):
    t = torch.linspace(0, 6.28, 10)
    phase = torch.rand(n, 1, generator=gen) * 6.28
    clean = 0.6 + 0.2 * torch.sin(t + phase)
    return clean + 0.05 * torch.randn(n, 10, generator=gen), clean


def train(steps=3, beta=0.1):
    gen = torch.Generator().manual_seed(11)
    cell = SmootherCell()
    readout = nn.Sequential(nn.Linear(10, 10), nn.Hardswish())
    opt = torch.optim.Adam(list(cell.parameters()) + list(readout.parameters()), lr=1e-3)
    for step in range(steps):
        noisy, clean = humidity_windows(8, gen)
        f_h, h_star = fixed_point(cell, noisy)
        pred = readout(f_h)
        (jv,) = torch.autograd.grad(f_h, h_star, grad_outputs=torch.randn_like(f_h), create_graph=True)
        loss = F.mse_loss(pred, clean) + beta * jv.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(loss))


if __name__ == "__main__":
    train()
