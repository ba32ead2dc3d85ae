"""PINN for a single ion's wavepacket in a radio-frequency (Paul) trap, 1-D time-dependent Schroedinger equation.

    i psi_t = -1/2 psi_xx + 1/2 w(t)^2 x^2 psi,   w(t) = w0 (1 + eps cos(Omega t))      (dimensionless units)

psi = u + i v. The initial ground state of the static trap is imposed exactly by psi = psi0(x) + t (1 - x^2/L^2) N(x, t).
Hidden blocks come from a decorator registry selected by name in the config; derivatives are taken by a small
autograd helper whose create_graph comes from the config.
"""
import argparse
import math

import torch
import torch.nn as nn

CFG = {
    "domain": {"L": 5.0, "T": 1.5},
    "trap": {"w0": 1.0, "eps": 0.3, "Omega": 6.0},
    "net": {"width": 48, "depth": 3, "block": "gated", "time_features": 4},
    "derivatives": {"create_graph": True},
    "train": {"steps": 3, "n_colloc": 256, "n_quad": 128, "lr": 1e-3, "w_norm": 0.1},
}

BLOCKS = {}


def register(name):
    def wrap(cls):
        BLOCKS[name] = cls
        return cls
    return wrap


@register("gated")
class GatedBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.value = nn.Linear(width, width)
        self.gate = nn.Linear(width, width)
        self.act = nn.Hardswish()

    def forward(self, h):
        return h + torch.tanh(self.value(h)) * self.act(self.gate(h))


@register("siren")
class SirenBlock(nn.Module):
    def __init__(self, width, w0=3.0):
        super().__init__()
        self.lin, self.w0 = nn.Linear(width, width), w0

    def forward(self, h):
        return torch.sin(self.w0 * self.lin(h))


@register("selu")
class SeluBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(width, width), nn.SELU())

    def forward(self, h):
        return h + self.body(h)


class WavepacketNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        n, w = cfg["net"], cfg["net"]["width"]
        self.L = cfg["domain"]["L"]
        self.space = nn.Linear(1, w)
        self.time = nn.Sequential(nn.Linear(1, n["time_features"]), nn.Softsign(), nn.Linear(n["time_features"], w))
        self.blocks = nn.ModuleList([BLOCKS[n["block"]](w) for _ in range(n["depth"])])
        self.head = nn.Linear(w, 2)

    def psi0(self, x):
        return math.pi ** -0.25 * torch.exp(-0.5 * x * x)

    def forward(self, X):
        x, t = X[:, 0:1], X[:, 1:2]
        h = torch.tanh(self.space(x / self.L) + self.time(t))
        for blk in self.blocks:
            h = blk(h)
        u_net, v_net = torch.chunk(self.head(h), 2, dim=-1)
        envelope = t * (1.0 - (x / self.L) ** 2)
        return self.psi0(x) + envelope * u_net, envelope * v_net


def d(y, X, col, create_graph):
    g = torch.autograd.grad(y, X, torch.ones_like(y), create_graph=create_graph)[0]
    return g[:, col:col + 1]


def schrodinger_residual(model, X, cfg):
    cg = cfg["derivatives"]["create_graph"]
    tr = cfg["trap"]
    u, v = model(X)
    x, t = X[:, 0:1], X[:, 1:2]
    u_t, v_t = d(u, X, 1, cg), d(v, X, 1, cg)
    u_xx = d(d(u, X, 0, True), X, 0, cg)
    v_xx = d(d(v, X, 0, True), X, 0, cg)
    w = tr["w0"] * (1 + tr["eps"] * torch.cos(tr["Omega"] * t))
    V = 0.5 * w * w * x * x
    return u_t + 0.5 * v_xx - V * v, v_t - 0.5 * u_xx + V * u


def norm_penalty(model, cfg, n):
    L = cfg["domain"]["L"]
    x = torch.linspace(-L, L, n).unsqueeze(1)
    t = torch.rand(1).expand(n, 1)
    u, v = model(torch.cat([x, t], 1))
    mass = torch.trapezoid((u * u + v * v).squeeze(1), x.squeeze(1))
    return (mass - 1.0) ** 2


@torch.no_grad()
def mean_position(model, cfg, t_eval, n=201):
    L = cfg["domain"]["L"]
    x = torch.linspace(-L, L, n).unsqueeze(1)
    u, v = model(torch.cat([x, torch.full_like(x, t_eval)], 1))
    rho = u * u + v * v
    return (x * rho).sum().item() / rho.sum().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=CFG["train"]["steps"])
    args = ap.parse_args()
    torch.manual_seed(0)
    tr = CFG["train"]
    model = WavepacketNet(CFG)
    opt = torch.optim.Adam(model.parameters(), lr=tr["lr"])
    for step in range(args.steps):
        L, T = CFG["domain"]["L"], CFG["domain"]["T"]
        X = torch.stack([L * (2 * torch.rand(tr["n_colloc"]) - 1), T * torch.rand(tr["n_colloc"])], 1)
        X.requires_grad_(True)
        r_re, r_im = schrodinger_residual(model, X, CFG)
        loss = (r_re ** 2 + r_im ** 2).mean() + tr["w_norm"] * norm_penalty(model, CFG, tr["n_quad"])
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}  loss {loss.item():.4f}  <x>(T) {mean_position(model, CFG, CFG['domain']['T']):+.3f}")


if __name__ == "__main__":
    main()
