import math

import torch
import torch.nn as nn

import settings
from ema import EMA
from nets import HamiltonianMLP, symplectic_matrix

J = symplectic_matrix()
criterion = nn.SmoothL1Loss(beta=0.05)


def pendulum_derivatives(x, g=9.81):
    """Reference time derivatives of a unit double pendulum (small-angle-free form, m = l = 1)."""
    q1, q2, p1, p2 = x.unbind(-1)
    d = q1 - q2
    den = 1 + torch.sin(d) ** 2
    dq1 = (p1 - p2 * torch.cos(d)) / den
    dq2 = (2 * p2 - p1 * torch.cos(d)) / den
    c1 = p1 * p2 * torch.sin(d) / den
    c2 = (p1 ** 2 + 2 * p2 ** 2 - 2 * p1 * p2 * torch.cos(d)) * torch.sin(2 * d) / (2 * den ** 2)
    dp1 = -2 * g * torch.sin(q1) - c1 + c2
    dp2 = -g * torch.sin(q2) + c1 - c2
    return torch.stack([dq1, dq2, dp1, dp2], -1)


def vector_field(hnn, x):
    x = x.requires_grad_(True)
    H = hnn(x)
    (dH,) = torch.autograd.grad(H.sum(), x, create_graph=True)
    return dH @ J.T


def main():
    torch.manual_seed(20)
    ema = EMA(HamiltonianMLP(), settings.EMA_DECAY)
    opt = torch.optim.Adam(ema.parameters(), lr=settings.LR)
    for step in range(settings.STEPS):
        x = (torch.rand(settings.BATCH, settings.STATE_DIM) - 0.5) * math.pi
        target = pendulum_derivatives(x)
        pred = vector_field(ema.module, x)
        loss = criterion(pred, target / 10.0)
        opt.zero_grad()
        loss.backward()
        opt.step()
        ema.update()
        with torch.no_grad():
            drift = ema.shadow(x).std().item()
        print(f"step {step} loss {loss.item():.4f} shadow-H std {drift:.4f}")


if __name__ == "__main__":
    main()
