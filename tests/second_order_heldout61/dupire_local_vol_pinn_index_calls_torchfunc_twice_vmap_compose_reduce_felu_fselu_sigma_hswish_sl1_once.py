"""Dupire local-volatility calibration PINN on an equity-index call surface.

C(K, T) is fitted to call quotes; the local volatility sigma(K, T) is a second, small network.
Dupire's forward equation (r = q = 0)

    C_T = 0.5 * sigma(K, T)^2 * K^2 * C_KK

is imposed at collocation points. C_T and C_KK come from torch.func transforms that are built by
small higher-order helpers (`twice`, `d_dt`) around a scalar price function; the price network is a
pipeline of (linear, activation) stages folded with functools.reduce.
"""
import argparse
import functools
import math
import operator

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap


def compose(*fns):
    """compose(f, g, h)(x) == h(g(f(x)))."""
    return functools.reduce(lambda f, g: (lambda x: g(f(x))), fns, lambda x: x)


def twice(f, argnums=0):
    return grad(grad(f, argnums=argnums), argnums=argnums)


def d_dt(f):
    return grad(f, argnums=1)


# (width, activation) stages of the price network; the activation is the function object itself
PRICE_SPEC = [
    (48, F.elu),
    (48, torch.tanh),
    (48, F.selu),
]


class PriceNet(nn.Module):
    def __init__(self, spec, s0=100.0):
        super().__init__()
        dims = [2] + [w for w, _ in spec]
        self.lins = nn.ModuleList([nn.Linear(a, b) for a, b in zip(dims, dims[1:])])
        self.acts = [act for _, act in spec]
        self.head = nn.Linear(dims[-1], 1)
        self.s0 = s0

    def forward(self, k, t):
        x = torch.stack([torch.log(k / self.s0), torch.sqrt(t)], dim=-1)
        body = compose(*map(compose, self.lins, self.acts), self.head)
        time_value = F.softplus(body(x)).squeeze(-1) * self.s0 * torch.sqrt(t)
        return F.relu(self.s0 - k) + time_value


class SigmaNet(nn.Module):
    def __init__(self, width=16, floor=0.05):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, width), nn.Hardswish(), nn.Linear(width, 1))
        self.floor = floor

    def forward(self, k, t, s0=100.0):
        x = torch.stack([torch.log(k / s0), t], dim=-1)
        return self.floor + F.softplus(self.net(x)).squeeze(-1)


def make_residual(price_net, sigma_net):
    params = dict(price_net.named_parameters())

    def c_scalar(k, t):
        return functional_call(price_net, params, (k.reshape(1), t.reshape(1))).squeeze()

    c_kk = vmap(twice(c_scalar, argnums=0))
    c_t = vmap(d_dt(c_scalar))

    def residual(k, t):
        sig = sigma_net(k, t)
        return c_t(k, t) - 0.5 * sig.pow(2) * k.pow(2) * c_kk(k, t), c_kk(k, t)

    return residual


def synthetic_quotes(n, s0, gen):
    """Black-Scholes prices with a skewed smile; only data, no autograd."""
    k = s0 * torch.exp(0.25 * torch.randn(n, generator=gen))
    t = 0.1 + 1.9 * torch.rand(n, generator=gen)
    vol = 0.2 - 0.1 * torch.log(k / s0) + 0.02 * t
    d1 = (torch.log(s0 / k) + 0.5 * vol ** 2 * t) / (vol * torch.sqrt(t))
    d2 = d1 - vol * torch.sqrt(t)
    ncdf = lambda z: 0.5 * (1 + torch.erf(z / math.sqrt(2.0)))
    return k, t, s0 * ncdf(d1) - k * ncdf(d2)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--n-quotes", type=int, default=64)
    ap.add_argument("--n-colloc", type=int, default=48)
    ap.add_argument("--lam-pde", type=float, default=1.0)
    ap.add_argument("--lam-arb", type=float, default=0.1)
    ap.add_argument("--s0", type=float, default=100.0)
    args = ap.parse_args()

    gen = torch.Generator().manual_seed(11)
    price_net, sigma_net = PriceNet(PRICE_SPEC, args.s0), SigmaNet()
    opt = torch.optim.Adam([*price_net.parameters(), *sigma_net.parameters()], lr=1e-3)
    k_q, t_q, c_q = synthetic_quotes(args.n_quotes, args.s0, gen)
    residual = make_residual(price_net, sigma_net)
    weights = {"fit": 1.0, "pde": args.lam_pde, "butterfly": args.lam_arb}

    for step in range(args.steps):
        k_c = args.s0 * torch.exp(0.3 * torch.randn(args.n_colloc, generator=gen))
        t_c = 0.1 + 1.9 * torch.rand(args.n_colloc, generator=gen)
        res, gamma_k = residual(k_c, t_c)
        terms = {
            "fit": F.smooth_l1_loss(price_net(k_q, t_q), c_q),
            "pde": res.pow(2).mean(),
            "butterfly": F.relu(-gamma_k).mean(),
        }
        loss = functools.reduce(operator.add, (weights[n] * v for n, v in terms.items()))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} " + " ".join(f"{n}={v.item():.4f}" for n, v in terms.items()))

    with torch.no_grad():
        k_grid = torch.linspace(0.7, 1.3, 5) * args.s0
        print("local vol @T=1:", sigma_net(k_grid, torch.ones(5)).numpy().round(3))


if __name__ == "__main__":
    main()
