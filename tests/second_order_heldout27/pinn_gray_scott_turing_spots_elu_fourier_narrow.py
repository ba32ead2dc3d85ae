"""PINN for the 1-D Gray-Scott reaction-diffusion system (self-replicating spots).

    u_t = Du u_xx - u v^2 + F (1 - u)
    v_t = Dv v_xx + u v^2 - (F + k) v

One network predicts both species; the outputs are split with Tensor.narrow.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

DU, DV, FEED, KILL = 2e-3, 1e-3, 0.037, 0.06


class FourierFeatures(nn.Module):
    def __init__(self, in_dim, n_freq, scale=3.0):
        super().__init__()
        self.register_buffer("B", torch.randn(in_dim, n_freq) * scale)

    def forward(self, xt):
        proj = 2 * math.pi * xt @ self.B
        return torch.cat([torch.sin(proj), torch.cos(proj)], dim=-1)


class GrayScottNet(nn.Module):
    def __init__(self, n_freq=16, hidden=48, depth=3):
        super().__init__()
        self.embed = FourierFeatures(2, n_freq)
        dims = [2 * n_freq] + [hidden] * depth
        self.hidden = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.out = nn.Linear(hidden, 2)

    def forward(self, xt):
        h = self.embed(xt)
        for layer in self.hidden:
            h = F.elu(layer(h))
        return self.out(h)


def d(y, x):
    return torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)[0]


def residuals(net, xt):
    xt = xt.requires_grad_(True)
    out = net(xt)
    u = out.narrow(1, 0, 1)
    v = out.narrow(1, 1, 1)
    du, dv = d(u, xt), d(v, xt)
    u_x, u_t = du[:, :1], du[:, 1:]
    v_x, v_t = dv[:, :1], dv[:, 1:]
    u_xx = d(u_x, xt)[:, :1]
    v_xx = d(v_x, xt)[:, :1]
    uvv = u * v * v
    r_u = u_t - DU * u_xx + uvv - FEED * (1 - u)
    r_v = v_t - DV * v_xx - uvv + (FEED + KILL) * v
    return r_u, r_v


def initial_state(x):
    u0 = 1 - 0.5 * torch.exp(-((x - 0.5) ** 2) / 0.005)
    v0 = 0.25 * torch.exp(-((x - 0.5) ** 2) / 0.005)
    return u0, v0


def main(iters=4, n_col=128, n_ic=32):
    torch.manual_seed(7)
    net = GrayScottNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for it in range(iters):
        col = torch.rand(n_col, 2)
        r_u, r_v = residuals(net, col)
        x0 = torch.rand(n_ic, 1)
        pred0 = net(torch.cat([x0, torch.zeros_like(x0)], dim=1))
        u0, v0 = initial_state(x0)
        loss_pde = (r_u ** 2).mean() + (r_v ** 2).mean()
        loss_ic = F.mse_loss(pred0, torch.cat([u0, v0], dim=1))
        loss = loss_pde + 10.0 * loss_ic
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"it {it}: pde {loss_pde.item():.3e} ic {loss_ic.item():.3e}")


if __name__ == "__main__":
    main()
