"""Allen-Cahn PINN (u_t - 1e-4 u_xx + 5u^3 - 5u = 0) with periodic Fourier inputs; activation picked from a config string."""
import argparse
import math

import torch
import torch.nn as nn

ACTIVATIONS = {
    "tanh": nn.Tanh,
    "elu": nn.ELU,
    "silu": nn.SiLU,
}


class FourierPINN(nn.Module):
    def __init__(self, width=128, depth=4, act="elu", modes=3):
        super().__init__()
        self.k = torch.arange(1, modes + 1, dtype=torch.float32) * math.pi
        self.net = nn.Sequential()
        din = 2 * modes + 1
        for i in range(depth):
            self.net.add_module(f"fc{i}", nn.Linear(din, width))
            self.net.add_module(f"act{i}", ACTIVATIONS[act]())
            din = width
        self.net.add_module("out", nn.Linear(width, 1))

    def forward(self, x, t):
        feats = torch.cat([torch.cos(self.k * x), torch.sin(self.k * x), t], dim=1)
        return self.net(feats)


def ac_residual(model, x, t, eps=1e-4):
    u = model(x, t)
    ones = torch.ones_like(u)
    u_t, u_x = torch.autograd.grad(u, (t, x), ones, create_graph=True)
    u_xx = torch.autograd.grad(u_x, x, ones, create_graph=True)[0]
    return u_t - eps * u_xx + 5 * u ** 3 - 5 * u


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--act", default="elu", choices=sorted(ACTIVATIONS))
    p.add_argument("--iters", type=int, default=20000)
    p.add_argument("--n", type=int, default=1024)
    args = p.parse_args(argv)
    model = FourierPINN(act=args.act)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    x0 = torch.linspace(-1, 1, 256).unsqueeze(1)
    u0 = x0 ** 2 * torch.cos(math.pi * x0)
    for _ in range(args.iters):
        x = (2 * torch.rand(args.n, 1) - 1).requires_grad_(True)
        t = torch.rand(args.n, 1).requires_grad_(True)
        r = ac_residual(model, x, t)
        ic = (model(x0, torch.zeros_like(x0)) - u0).pow(2).mean()
        loss = r.pow(2).mean() + 100 * ic
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
