"""Neural SDE for river-stage hydrographs, integrated with the Milstein scheme.

Milstein needs the derivative of the diffusion with respect to the state,
    x_{k+1} = x_k + f(x_k) dt + g(x_k) dW + 0.5 g(x_k) g'(x_k) (dW^2 - dt),
and g' is taken with autograd inside the simulation so that training sees it.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


def make_drift(width):
    return nn.Sequential(nn.Linear(2, width), nn.ReLU6(), nn.Linear(width, 1))


class Diffusion(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.inp = nn.Linear(2, width)
        self.gate = nn.Hardswish()
        self.mid = nn.Linear(width, width)
        self.squash = nn.Softsign()
        self.out = nn.Linear(width, 1)

    def forward(self, xt):
        h = self.gate(self.inp(xt))
        h = self.squash(self.mid(h))
        return F.softplus(self.out(h)) + 1e-3


class HydroSDE(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.drift = make_drift(width)
        self.diffusion = Diffusion(width)

    def simulate(self, x0, n_steps, dt):
        x = x0
        for k in range(n_steps):
            t = torch.full_like(x, k * dt)
            x_in = x if x.requires_grad else x.requires_grad_(True)
            g = self.diffusion(torch.cat([x_in, t], 1))
            (dg_dx,) = torch.autograd.grad(g.sum(), x_in, create_graph=True)
            dw = torch.randn_like(x) * dt ** 0.5
            f = self.drift(torch.cat([x_in, t], 1))
            x = x_in + f * dt + g * dw + 0.5 * g * dg_dx * (dw ** 2 - dt)
        return x


def main():
    torch.manual_seed(0)
    sde = HydroSDE()
    opt = torch.optim.Adam(sde.parameters(), lr=1e-3)
    for epoch in range(3):
        stage0 = 1.0 + 0.2 * torch.randn(32, 1)
        observed = stage0 * 0.8 + 0.1 * torch.randn(32, 1)
        pred = sde.simulate(stage0, n_steps=4, dt=0.05)
        loss = F.smooth_l1_loss(pred, observed) + (pred.var() - observed.var()).abs()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(epoch, float(loss))


if __name__ == "__main__":
    main()
