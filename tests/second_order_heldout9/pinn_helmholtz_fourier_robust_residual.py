"""PINN for the 2-D Helmholtz equation  u_xx + u_yy + k^2 u = q(x, y)  on [-1, 1]^2 with random
Fourier-feature inputs (Wang, Wang & Perdikaris, 2021). The PDE residual is penalised with a
robust Huber-type (smooth L1) loss to tolerate noisy source measurements."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

K = 4.0
A1, A2 = 1.0, 4.0


class FourierPINN(nn.Module):
    def __init__(self, n_freq=16, sigma=2.0, width=32, depth=3):
        super().__init__()
        self.register_buffer("B", torch.randn(2, n_freq) * sigma)
        layers, d = [], 2 * n_freq
        for _ in range(depth):
            layers += [nn.Linear(d, width), nn.Tanh()]
            d = width
        layers.append(nn.Linear(d, 1))
        self.mlp = nn.Sequential(*layers)

    def forward(self, xy):
        proj = 2 * math.pi * xy @ self.B
        return self.mlp(torch.cat([torch.sin(proj), torch.cos(proj)], dim=-1))


def source(xy):
    x, y = xy[:, :1], xy[:, 1:]
    u = torch.sin(A1 * math.pi * x) * torch.sin(A2 * math.pi * y)
    return (K ** 2 - (A1 * math.pi) ** 2 - (A2 * math.pi) ** 2) * u


def laplacian(u, xy):
    du = torch.autograd.grad(u.sum(), xy, create_graph=True)[0]
    u_xx = torch.autograd.grad(du[:, 0].sum(), xy, create_graph=True)[0][:, :1]
    u_yy = torch.autograd.grad(du[:, 1].sum(), xy, create_graph=True)[0][:, 1:]
    return u_xx + u_yy


def losses(net, n_col=128, n_bc=64):
    xy = (torch.rand(n_col, 2) * 2 - 1).requires_grad_(True)
    u = net(xy)
    res = laplacian(u, xy) + K ** 2 * u - source(xy)
    loss_r = F.smooth_l1_loss(res, torch.zeros_like(res), beta=1.0)
    side = torch.rand(n_bc, 1) * 2 - 1
    ones = torch.ones_like(side)
    bc = torch.cat([torch.cat([side, ones], 1), torch.cat([side, -ones], 1),
                    torch.cat([ones, side], 1), torch.cat([-ones, side], 1)])
    loss_b = net(bc).pow(2).mean()
    return loss_r, loss_b


if __name__ == "__main__":
    net = FourierPINN()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for it in range(2):
        lr_, lb_ = losses(net)
        loss = lr_ + 100.0 * lb_
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, lr_.item(), lb_.item())
