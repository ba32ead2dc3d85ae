"""PINN for the contact-wire uplift of a railway catenary under a moving pantograph.

    u_tt + beta * u_t - c^2 u_xx = F0 * exp(-((x - v t) / w)^2)      on (0, 1) x (0, 1)
    u(0, t) = u(1, t) = 0,  u(x, 0) = u_t(x, 0) = 0  (hard constraint: u = x (1 - x) t^2 N(x, t))

Adam warm-up, then L-BFGS; the closure passed to optimizer.step recomputes the residual with
create_graph=True. An uplift sensor on the pantograph head gives noisy u(v t, t).
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--c", type=float, default=1.2)
    p.add_argument("--beta", type=float, default=0.3)
    p.add_argument("--speed", type=float, default=0.8)
    p.add_argument("--width", type=int, default=32)
    p.add_argument("--n-col", type=int, default=128)
    p.add_argument("--adam-iters", type=int, default=3)
    p.add_argument("--lbfgs-iters", type=int, default=2)
    p.add_argument("--w-sensor", type=float, default=0.5)
    return p.parse_args()


class WireNet(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(2, width), nn.Tanh(),
            nn.Linear(width, width), nn.GELU(approximate="tanh"),
            nn.Linear(width, 1),
        )

    def forward(self, xt):
        x = torch.narrow(xt, 1, 0, 1)
        t = torch.narrow(xt, 1, 1, 1)
        return x * (1 - x) * t ** 2 * self.body(xt)


def pde_residual(net, xt, args):
    xt = xt.requires_grad_(True)
    u = net(xt)
    du = torch.autograd.grad(u.sum(), xt, create_graph=True)[0]
    u_x, u_t = du[:, :1], du[:, 1:]
    u_xx = torch.autograd.grad(u_x.sum(), xt, create_graph=True)[0][:, :1]
    u_tt = torch.autograd.grad(u_t.sum(), xt, create_graph=True)[0][:, 1:]
    x, t = xt[:, :1], xt[:, 1:]
    load = 0.5 * torch.exp(-((x - args.speed * t) / 0.05) ** 2)
    return u_tt + args.beta * u_t - args.c ** 2 * u_xx - load


@torch.no_grad()
def resample_sensor(raw, n):
    return F.interpolate(raw.view(1, 1, -1), size=n, mode="linear", align_corners=True).view(-1, 1)


def main():
    args = parse()
    torch.manual_seed(9)
    net = WireNet(args.width)
    sensor_loss = nn.SmoothL1Loss(beta=0.01)
    raw_uplift = 0.02 * torch.sin(torch.linspace(0, 3.0, 57)) ** 2 + 0.002 * torch.randn(57)
    t_s = torch.linspace(0, 1, 25)[:, None]
    xt_sensor = torch.cat([args.speed * t_s, t_s], dim=1)
    uplift = resample_sensor(raw_uplift, 25)
    xt_col = torch.rand(args.n_col, 2)

    def total_loss():
        res = pde_residual(net, xt_col.clone(), args)
        return res.pow(2).mean() + args.w_sensor * sensor_loss(net(xt_sensor), uplift)

    adam = torch.optim.Adam(net.parameters(), lr=1e-3)
    for it in range(args.adam_iters):
        adam.zero_grad()
        loss = total_loss()
        loss.backward()
        adam.step()
        print(f"adam {it} loss {loss.item():.4e}")

    lbfgs = torch.optim.LBFGS(net.parameters(), lr=0.5, max_iter=4, history_size=10,
                              line_search_fn="strong_wolfe")

    def closure():
        lbfgs.zero_grad()
        loss = total_loss()
        loss.backward()
        return loss

    for it in range(args.lbfgs_iters):
        loss = lbfgs.step(closure)
        print(f"lbfgs {it} loss {loss.item():.4e}")


if __name__ == "__main__":
    main()
