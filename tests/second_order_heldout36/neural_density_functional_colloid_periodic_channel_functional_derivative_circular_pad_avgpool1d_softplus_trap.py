"""Machine-learned excess free-energy functional F_exc[rho] for hard colloids in a periodic 1-D channel.

The one-body direct correlation c1(x) = -(1/dx) dF_exc/drho(x) is obtained by automatic functional
differentiation and fitted to simulation profiles (Sammueller-style neural DFT), so the functional is
differentiated twice during training.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

GRID = 64
DX = 10.0 / GRID


class ExcessFunctional(nn.Module):
    def __init__(self, channels=8, kernel=5):
        super().__init__()
        self.half = kernel // 2
        self.conv1 = nn.Conv1d(1, channels, kernel)
        self.conv2 = nn.Conv1d(channels, channels, kernel)
        self.pool = nn.AvgPool1d(2)
        self.readout = nn.Linear(channels, 1)

    def periodic(self, h):
        return F.pad(h, (self.half, self.half), mode="circular")

    def forward(self, rho):
        h = F.softplus(self.conv1(self.periodic(rho.unsqueeze(1))))
        h = torch.tanh(self.conv2(self.periodic(h)))
        h = self.pool(h)
        phi = self.readout(h.transpose(1, 2)).squeeze(-1)
        return phi.sum(dim=1) * DX * 2


def one_body_c1(functional, rho):
    rho = rho.clone().requires_grad_(True)
    f_exc = functional(rho)
    (dF,) = torch.autograd.grad(f_exc.sum(), rho, create_graph=True)
    return -dF / DX


def simulated_profiles(n):
    x = torch.linspace(0, 10, GRID)
    amp = torch.rand(n, 1) * 0.3
    phase = torch.rand(n, 1) * 2 * math.pi
    rho = 0.5 + amp * torch.sin(2 * math.pi * x / 10 + phase)
    mu_ext = 0.2 * torch.cos(2 * math.pi * x / 10 + phase)
    c1 = torch.log(rho) + mu_ext - 0.1
    return rho, c1


def main(epochs=4):
    torch.manual_seed(4)
    functional = ExcessFunctional()
    opt = torch.optim.Adam(functional.parameters(), lr=1e-3)
    for epoch in range(epochs):
        rho, c1_sim = simulated_profiles(8)
        c1_pred = one_body_c1(functional, rho)
        loss = F.mse_loss(c1_pred, c1_sim)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: c1 mse {loss.item():.4f}")


if __name__ == "__main__":
    main()
