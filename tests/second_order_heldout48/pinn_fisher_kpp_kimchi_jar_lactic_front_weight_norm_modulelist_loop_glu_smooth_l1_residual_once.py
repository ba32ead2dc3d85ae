"""Inverse PINN for the lactic-acid-bacteria front in a kimchi jar (Fisher-KPP reaction-diffusion).

u(x, t): normalised LAB density at depth x (0 = brine surface, 1 = jar bottom) and time t.
    u_t = D u_xx + r u (1 - u),   u_x = 0 at both ends,   u(x, 0) = seeded near the bottom.
D and r are unknown and fitted jointly with the network from sparse pH-derived density probes.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import weight_norm


class GatedLayer(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.lin = weight_norm(nn.Linear(d_in, 2 * d_out))
        self.glu = nn.GLU(dim=-1)

    def forward(self, h):
        return self.glu(self.lin(h))


class KPPNet(nn.Module):
    def __init__(self, width=24, depth=3):
        super().__init__()
        self.layers = nn.ModuleList()
        d = 2
        for _ in range(depth):
            self.layers.append(GatedLayer(d, width))
            d = width
        self.out = weight_norm(nn.Linear(width, 1))
        self.log_D = nn.Parameter(torch.tensor(math.log(0.02)))
        self.log_r = nn.Parameter(torch.tensor(math.log(1.0)))

    def forward(self, xt):
        h = xt
        for layer in self.layers:
            h = torch.tanh(layer(h))
        return torch.sigmoid(self.out(h))


def d_dx(u, x):
    return torch.autograd.grad(u, x, torch.ones_like(u), create_graph=True)[0]


def pde_loss(model, xt):
    xt = xt.requires_grad_(True)
    u = model(xt)
    du = d_dx(u, xt)
    u_x, u_t = du[:, :1], du[:, 1:]
    u_xx = d_dx(u_x, xt)[:, :1]
    res = u_t - model.log_D.exp() * u_xx - model.log_r.exp() * u * (1 - u)
    return F.smooth_l1_loss(res, torch.zeros_like(res), beta=0.01)


def neumann_loss(model, t):
    ends = torch.cat([torch.zeros_like(t), torch.ones_like(t)])
    xt = torch.cat([ends, torch.cat([t, t])], 1).requires_grad_(True)
    return d_dx(model(xt), xt)[:, :1].pow(2).mean()


def initial_loss(model, x):
    u0 = 1.0 / (1.0 + torch.exp(-(x - 0.85) / 0.03))
    return F.mse_loss(model(torch.cat([x, torch.zeros_like(x)], 1)), u0)


def probe_data(n, D=0.01, r=3.0):
    """Travelling-wave approximation of the front as stand-in for pH probe readings."""
    x, t = torch.rand(n, 1), torch.rand(n, 1)
    c = 2 * math.sqrt(D * r)
    return torch.cat([x, t], 1), 1.0 / (1.0 + torch.exp((0.85 - c * t - x) / math.sqrt(D / r)))


@torch.no_grad()
def export_profile(model, t=0.5, coarse=16, fine=64):
    x = torch.linspace(0, 1, coarse)[:, None]
    u = model(torch.cat([x, torch.full_like(x, t)], 1)).T[None]
    return F.interpolate(u, size=fine, mode="linear", align_corners=True).squeeze()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--n", type=int, default=64)
    args = ap.parse_args()
    torch.manual_seed(2)
    model = KPPNet()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for epoch in range(args.epochs):
        xt_d, u_d = probe_data(16)
        parts = {
            "pde": pde_loss(model, torch.rand(args.n, 2)),
            "bc": neumann_loss(model, torch.rand(args.n // 4, 1)),
            "ic": initial_loss(model, torch.rand(args.n // 4, 1)),
            "data": F.mse_loss(model(xt_d), u_d),
        }
        loss = sum(parts.values())
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(epoch, f"D={model.log_D.exp().item():.4f} r={model.log_r.exp().item():.3f}",
              {k: round(v.item(), 5) for k, v in parts.items()})
    print("profile at t=0.5:", export_profile(model)[::16].tolist())


if __name__ == "__main__":
    main()
