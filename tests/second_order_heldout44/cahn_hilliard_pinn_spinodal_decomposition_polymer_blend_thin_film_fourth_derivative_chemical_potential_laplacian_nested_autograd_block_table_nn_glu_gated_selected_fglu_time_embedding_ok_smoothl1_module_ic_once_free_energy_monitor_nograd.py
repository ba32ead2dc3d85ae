"""Cahn-Hilliard PINN: spinodal decomposition of a symmetric polymer blend in a thin film (1-D cut, periodic).

    c_t = M * d2/dx2 mu,     mu = c^3 - c - eps^2 * c_xx          (fourth order in x)

Periodicity in x is built in through the (cos 2 pi x, sin 2 pi x) input embedding; the composition is bounded
by a tanh output.  The Ginzburg-Landau free energy is tracked as a monitor only.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class GatedBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.lin = nn.Linear(width, 2 * width)
        self.gate = nn.GLU(dim=-1)

    def forward(self, h):
        return h + self.gate(self.lin(h))


class TanhBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.lin = nn.Linear(width, width)

    def forward(self, h):
        return h + torch.tanh(self.lin(h))


BLOCKS = {"glu": GatedBlock, "tanh": TanhBlock}


class CHNet(nn.Module):
    def __init__(self, width, depth, block):
        super().__init__()
        self.t_embed = nn.Linear(1, 2 * width)
        self.x_embed = nn.Linear(2, width)
        self.blocks = nn.ModuleList(BLOCKS[block](width) for _ in range(depth))
        self.out = nn.Linear(width, 1)

    def forward(self, tx):
        t, x = tx[:, 0:1], tx[:, 1:2]
        zt = F.glu(self.t_embed(t), dim=-1)
        zx = torch.tanh(self.x_embed(torch.stack([torch.cos(2 * math.pi * x[:, 0]), torch.sin(2 * math.pi * x[:, 0])], -1)))
        h = zt + zx
        for blk in self.blocks:
            h = blk(h)
        return torch.tanh(self.out(h))


def dx(f, tx, col):
    return torch.autograd.grad(f, tx, torch.ones_like(f), create_graph=True)[0][:, col:col + 1]


def ch_residual(net, tx, eps, mobility):
    c = net(tx)
    c_t = dx(c, tx, 0)
    c_x = dx(c, tx, 1)
    c_xx = dx(c_x, tx, 1)
    mu = c ** 3 - c - eps ** 2 * c_xx
    mu_x = dx(mu, tx, 1)
    mu_xx = dx(mu_x, tx, 1)
    return c_t - mobility * mu_xx


def initial_profile(x, seed=0):
    g = torch.Generator().manual_seed(seed)
    amps = 0.05 * torch.randn(6, generator=g)
    ks = torch.arange(1, 7, dtype=torch.float32)
    return (amps * torch.cos(2 * math.pi * ks * x + ks)).sum(-1, keepdim=True)


@torch.no_grad()
def free_energy(net, t, eps, n=128):
    x = torch.linspace(0, 1, n)
    with torch.enable_grad():
        tx = torch.stack([torch.full_like(x, t), x], -1).requires_grad_(True)
        c = net(tx)
        c_x = torch.autograd.grad(c.sum(), tx)[0][:, 1]
    c = c.squeeze(-1)
    dens = 0.25 * (c ** 2 - 1) ** 2 + 0.5 * eps ** 2 * c_x ** 2
    return torch.trapz(dens, x).item(), c.mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--block", default="glu", choices=sorted(BLOCKS))
    ap.add_argument("--width", type=int, default=32)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--eps", type=float, default=0.04)
    ap.add_argument("--mobility", type=float, default=1e-3)
    ap.add_argument("--t-end", type=float, default=2.0)
    ap.add_argument("--n-col", type=int, default=128)
    ap.add_argument("--n-ic", type=int, default=64)
    ap.add_argument("--iters", type=int, default=3)
    args = ap.parse_args()
    torch.manual_seed(1)
    net = CHNet(args.width, args.depth, args.block)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    ic_loss = nn.SmoothL1Loss(beta=0.02)
    x_ic = torch.rand(args.n_ic, 1)
    c_ic = initial_profile(x_ic)
    for it in range(args.iters):
        tx = torch.rand(args.n_col, 2) * torch.tensor([args.t_end, 1.0])
        tx.requires_grad_(True)
        res = ch_residual(net, tx, args.eps, args.mobility)
        loss_pde = res.pow(2).mean()
        c0 = net(torch.cat([torch.zeros_like(x_ic), x_ic], 1))
        loss_ic = ic_loss(c0, c_ic)
        loss = loss_pde * 1e2 + 10.0 * loss_ic
        opt.zero_grad()
        loss.backward()
        opt.step()
        fe, mean_c = free_energy(net, args.t_end, args.eps)
        print(f"iter {it}: loss {loss.item():.4e} pde {loss_pde.item():.3e} ic {loss_ic.item():.3e} "
              f"F(t_end) {fe:.4f} <c> {mean_c:+.4f}")


if __name__ == "__main__":
    main()
