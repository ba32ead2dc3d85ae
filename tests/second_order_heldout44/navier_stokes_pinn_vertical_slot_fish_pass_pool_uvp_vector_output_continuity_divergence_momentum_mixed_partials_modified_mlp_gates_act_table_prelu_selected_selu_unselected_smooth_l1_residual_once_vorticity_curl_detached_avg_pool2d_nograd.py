"""Steady 2-D incompressible Navier-Stokes PINN for one pool of a vertical-slot fish pass.

The pool is the rectangle [0, L] x [0, B] (non-dimensional, slot width = 1).  Water enters through the slot
on the upstream wall (x = 0, y in [y0, y1]) with a parabolic jet profile and leaves through the downstream
slot; all other walls are no-slip.  The network maps (x, y) to the primitive variables (u, v, p) and is
trained on the momentum and continuity residuals (mixed first / second partials of a vector field).
The vorticity map (curl of the velocity) is only produced for the fishway design report.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTS = {
    "tanh": nn.Tanh,
    "prelu": nn.PReLU,
    "selu": nn.SELU,
    "silu": nn.SiLU,
}


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--act", default="prelu", choices=sorted(ACTS))
    p.add_argument("--width", type=int, default=32)
    p.add_argument("--depth", type=int, default=3)
    p.add_argument("--re", type=float, default=60.0, help="slot Reynolds number")
    p.add_argument("--pool-length", type=float, default=5.0)
    p.add_argument("--pool-width", type=float, default=4.0)
    p.add_argument("--n-col", type=int, default=192)
    p.add_argument("--n-wall", type=int, default=64)
    p.add_argument("--steps", type=int, default=4)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--huber-beta", type=float, default=0.05)
    return p.parse_args()


class ModifiedMLP(nn.Module):
    """Wang-Teng-Perdikaris modified MLP: two encoders U, V gate every hidden layer."""

    def __init__(self, width, depth, act):
        super().__init__()
        self.enc_u = nn.Linear(2, width)
        self.enc_v = nn.Linear(2, width)
        self.inp = nn.Linear(2, width)
        self.hidden = nn.ModuleList(nn.Linear(width, width) for _ in range(depth))
        self.acts = nn.ModuleList(ACTS[act]() for _ in range(depth + 3))
        self.out = nn.Linear(width, 3)

    def forward(self, xy):
        U = self.acts[0](self.enc_u(xy))
        V = self.acts[1](self.enc_v(xy))
        H = self.acts[2](self.inp(xy))
        for k, lin in enumerate(self.hidden):
            Z = self.acts[3 + k](lin(H))
            H = (1.0 - Z) * U + Z * V
        return self.out(H)


def d(f, xy):
    return torch.autograd.grad(f, xy, torch.ones_like(f), create_graph=True)[0]


def ns_residuals(model, xy, re):
    uvp = model(xy)
    u, v, p = uvp[:, 0:1], uvp[:, 1:2], uvp[:, 2:3]
    gu, gv, gp = d(u, xy), d(v, xy), d(p, xy)
    u_x, u_y = gu[:, 0:1], gu[:, 1:2]
    v_x, v_y = gv[:, 0:1], gv[:, 1:2]
    u_xx, u_yy = d(u_x, xy)[:, 0:1], d(u_y, xy)[:, 1:2]
    v_xx, v_yy = d(v_x, xy)[:, 0:1], d(v_y, xy)[:, 1:2]
    mom_x = u * u_x + v * u_y + gp[:, 0:1] - (u_xx + u_yy) / re
    mom_y = u * v_x + v * v_y + gp[:, 1:2] - (v_xx + v_yy) / re
    div = u_x + v_y
    return mom_x, mom_y, div


def sample_pool(args):
    L, B = args.pool_length, args.pool_width
    col = torch.rand(args.n_col, 2) * torch.tensor([L, B])
    s = torch.rand(args.n_wall, 1)
    walls = torch.cat([
        torch.cat([s * L, torch.zeros_like(s)], 1),
        torch.cat([s * L, torch.full_like(s, B)], 1),
        torch.cat([torch.zeros_like(s), 1.5 + s * (B - 1.5)], 1),
        torch.cat([torch.full_like(s, L), s * (B - 1.0)], 1),
    ])
    ys = 0.5 + torch.rand(args.n_wall // 2, 1)
    inlet = torch.cat([torch.zeros_like(ys), ys], 1)
    u_in = 6.0 * (ys - 0.5) * (1.5 - ys)
    yo = (B - 1.0) + torch.rand(args.n_wall // 2, 1)
    outlet = torch.cat([torch.full_like(yo, L), yo], 1)
    return col, walls, inlet, u_in, outlet


def vorticity_snapshot(model, args, n=24):
    """omega = v_x - u_y on a grid, for the report only (no graph kept)."""
    gx, gy = torch.meshgrid(torch.linspace(0, args.pool_length, n), torch.linspace(0, args.pool_width, n), indexing="ij")
    xy = torch.stack([gx.reshape(-1), gy.reshape(-1)], 1).requires_grad_(True)
    uvp = model(xy)
    gu = torch.autograd.grad(uvp[:, 0].sum(), xy, retain_graph=True)[0]
    gv = torch.autograd.grad(uvp[:, 1].sum(), xy)[0]
    omega = (gv[:, 0] - gu[:, 1]).detach().reshape(1, 1, n, n)
    with torch.no_grad():
        coarse = F.avg_pool2d(omega, 4)
    return coarse.abs().max().item(), omega.abs().mean().item()


def main():
    args = parse_args()
    torch.manual_seed(3)
    model = ModifiedMLP(args.width, args.depth, args.act)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for step in range(args.steps):
        col, walls, inlet, u_in, outlet = sample_pool(args)
        xy = col.requires_grad_(True)
        mom_x, mom_y, div = ns_residuals(model, xy, args.re)
        zero = torch.zeros_like(mom_x)
        loss_pde = F.smooth_l1_loss(mom_x, zero, beta=args.huber_beta) + F.smooth_l1_loss(mom_y, zero, beta=args.huber_beta)
        loss_div = div.pow(2).mean()
        w = model(walls)
        loss_wall = w[:, 0:2].pow(2).mean()
        i = model(inlet)
        loss_in = (i[:, 0:1] - u_in).pow(2).mean() + i[:, 1:2].pow(2).mean()
        loss_out = model(outlet)[:, 2:3].pow(2).mean()
        loss = loss_pde + 10.0 * loss_div + 5.0 * (loss_wall + loss_in) + loss_out
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4e} pde {loss_pde.item():.3e} div {loss_div.item():.3e}")
    peak, mean = vorticity_snapshot(model, args)
    print(f"vorticity |omega| peak(coarse) {peak:.3f} mean {mean:.3f}  re={args.re}")


if __name__ == "__main__":
    main()
