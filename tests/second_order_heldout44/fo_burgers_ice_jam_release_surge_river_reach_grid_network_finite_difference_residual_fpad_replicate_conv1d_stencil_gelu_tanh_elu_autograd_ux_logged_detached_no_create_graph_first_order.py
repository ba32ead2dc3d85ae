"""Viscous Burgers surrogate for the surge that runs down a river reach after an ice jam releases.

    u_t + u u_x = nu u_xx          x in [0, 1] (reach), t in [0, T]

The network u(x, t) is evaluated on a fixed space-time grid and the residual is formed with finite
differences (forward in t, central / 3-point stencils in x with replicate padding at the reach ends), so
training needs only ordinary first-order backpropagation.  Autograd u_x is computed for the log only, to
monitor the truncation error of the stencil.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


class SurgeNet(nn.Module):
    def __init__(self, width=48, depth=3):
        super().__init__()
        layers, d_in = [], 2
        for _ in range(depth):
            layers += [nn.Linear(d_in, width), nn.GELU(approximate="tanh")]
            d_in = width
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(width, 1)

    def forward(self, xt):
        return F.elu(self.head(self.body(xt))) + 1.0          # elu + 1 > 0: the surge velocity stays positive


class GridResidual:
    """FD Burgers residual on an (nt, nx) grid; the network is called once on all nodes."""

    def __init__(self, nx, nt, t_end, nu):
        self.nx, self.nt, self.nu = nx, nt, nu
        self.dx, self.dt = 1.0 / (nx - 1), t_end / (nt - 1)
        x = torch.linspace(0, 1, nx)
        t = torch.linspace(0, t_end, nt)
        tt, xx = torch.meshgrid(t, x, indexing="ij")
        self.xt = torch.stack([xx.reshape(-1), tt.reshape(-1)], -1)
        self.lap = torch.tensor([[[1.0, -2.0, 1.0]]]) / self.dx ** 2
        self.cen = torch.tensor([[[-0.5, 0.0, 0.5]]]) / self.dx

    def __call__(self, net):
        u = net(self.xt).view(self.nt, 1, self.nx)
        up = F.pad(u, (1, 1), mode="replicate")
        u_x = F.conv1d(up, self.cen)
        u_xx = F.conv1d(up, self.lap)
        u_t = (u[1:] - u[:-1]) / self.dt
        mid = 0.5 * (u[1:] + u[:-1])
        r = u_t + mid * 0.5 * (u_x[1:] + u_x[:-1]) - self.nu * 0.5 * (u_xx[1:] + u_xx[:-1])
        return r, u


def initial_surge(x):
    """Released jam: fast water upstream of x = 0.3, slow water below, smooth front."""
    return 1.0 + 1.5 * torch.sigmoid(-(x - 0.3) / 0.03)


def log_truncation_error(net, grid, n=64):
    xt = grid.xt[torch.randperm(len(grid.xt))[:n]].clone().requires_grad_(True)
    u = net(xt)
    ux_ad = torch.autograd.grad(u.sum(), xt)[0][:, 0].detach()
    with torch.no_grad():
        h = grid.dx
        ux_fd = (net(xt + torch.tensor([h, 0.0])) - net(xt - torch.tensor([h, 0.0]))).squeeze(-1) / (2 * h)
    return (ux_ad - ux_fd).abs().max().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nx", type=int, default=64)
    ap.add_argument("--nt", type=int, default=24)
    ap.add_argument("--t-end", type=float, default=0.2)
    ap.add_argument("--nu", type=float, default=0.01)
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--lr", type=float, default=1e-3)
    args = ap.parse_args()
    torch.manual_seed(6)
    net = SurgeNet()
    grid = GridResidual(args.nx, args.nt, args.t_end, args.nu)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    x0 = torch.linspace(0, 1, args.nx)
    u0 = initial_surge(x0)
    for step in range(args.steps):
        r, u = grid(net)
        loss_pde = r.pow(2).mean()
        loss_ic = F.smooth_l1_loss(u[0, 0], u0, beta=0.05)
        loss_bc = (u[:, 0, 0] - u0[0]).pow(2).mean()
        loss = loss_pde + 10.0 * loss_ic + loss_bc
        opt.zero_grad()
        loss.backward()
        opt.step()
        err = log_truncation_error(net, grid)
        print(f"step {step}: loss {loss.item():.4e} pde {loss_pde.item():.3e} ic {loss_ic.item():.3e}  |u_x AD - FD| {err:.2e}")


if __name__ == "__main__":
    main()
