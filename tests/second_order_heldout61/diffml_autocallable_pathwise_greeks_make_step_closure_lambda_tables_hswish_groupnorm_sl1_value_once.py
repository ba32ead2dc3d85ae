"""Differential machine learning (Huge & Savine style) for a single-index autocallable note.

Labels are Monte-Carlo pathwise payoffs and pathwise sensitivities (dPayoff/dS0, dPayoff/dvol).
The network is trained on values *and* on its input gradient, so the input gradient is taken with
create_graph=True. The training step is a closure returned by make_step; layers come from
dict-of-lambda tables chosen by name.
"""
import argparse
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTS = {
    "softplus": lambda: nn.Softplus(beta=2.0),
    "hswish": lambda: nn.Hardswish(),
    "celu": lambda: nn.CELU(alpha=0.5),
    "prelu": lambda: nn.PReLU(),
}
NORMS = {
    "group": partial(nn.GroupNorm, 4),
    "layer": nn.LayerNorm,
    "none": lambda c: nn.Identity(),
}
LOSSES = {"sl1": F.smooth_l1_loss, "mse": F.mse_loss, "l1": F.l1_loss}


@dataclass
class Config:
    act: str = "hswish"
    norm: str = "group"
    widths: tuple = (32, 32, 32)
    value_loss: str = "sl1"
    delta_loss: str = "mse"
    lam_delta: float = 1.0
    n_paths: int = 256
    obs_dates: tuple = (0.5, 1.0, 1.5, 2.0)
    barrier: float = 1.0
    knock_in: float = 0.6
    coupon: float = 0.04
    lr: float = 3e-3


def build_net(cfg, d_in=2):
    dims = (d_in,) + tuple(cfg.widths)
    layers = [m for a, b in zip(dims, dims[1:]) for m in (nn.Linear(a, b), NORMS[cfg.norm](b), ACTS[cfg.act]())]
    return nn.Sequential(*layers, nn.Linear(dims[-1], 1))


def smooth_step(z, eps=0.02):
    return torch.sigmoid(z / eps)


def simulate(cfg, gen):
    """Pathwise payoff of the note and its derivative w.r.t. (S0, vol); first-order autograd only."""
    s0 = (0.6 + 0.8 * torch.rand(cfg.n_paths, generator=gen)).requires_grad_(True)
    vol = (0.1 + 0.3 * torch.rand(cfg.n_paths, generator=gen)).requires_grad_(True)
    t_prev, log_s = 0.0, torch.log(s0)
    alive, payoff = torch.ones_like(s0), torch.zeros_like(s0)
    for i, t in enumerate(cfg.obs_dates):
        dt = t - t_prev
        z = torch.randn(cfg.n_paths, generator=gen)
        log_s = log_s - 0.5 * vol ** 2 * dt + vol * dt ** 0.5 * z
        called = smooth_step(torch.exp(log_s) - cfg.barrier)
        payoff = payoff + alive * called * (1.0 + cfg.coupon * (i + 1))
        alive = alive * (1.0 - called)
        t_prev = t
    s_t = torch.exp(log_s)
    knocked = smooth_step(cfg.knock_in - s_t)
    payoff = payoff + alive * (1.0 - knocked + knocked * s_t)
    ds0, dvol = torch.autograd.grad(payoff.sum(), (s0, vol))
    x = torch.stack([s0, vol], -1).detach()
    return x, payoff.detach(), torch.stack([ds0, dvol], -1)


def make_step(model, opt, value_loss, delta_loss, lam):
    def step(x, y, dydx):
        x = x.clone().requires_grad_(True)
        v = model(x).squeeze(-1)
        (dvdx,) = torch.autograd.grad(v.sum(), x, create_graph=True)
        losses = {"value": value_loss(v, y), "delta": lam * delta_loss(dvdx, dydx)}
        total = sum(losses.values())
        opt.zero_grad()
        total.backward()
        opt.step()
        return {k: round(t.item(), 5) for k, t in losses.items()}
    return step


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--act", default=Config.act, choices=sorted(ACTS))
    args = ap.parse_args()
    cfg = Config(act=args.act)
    gen = torch.Generator().manual_seed(5)

    x, y, dydx = simulate(cfg, gen)
    mx, sx = x.mean(0), x.std(0)
    my, sy = y.mean(), y.std()
    to_unit = lambda t, m, s: (t - m) / s
    xn, yn = to_unit(x, mx, sx), to_unit(y, my, sy)
    dydx_n = dydx * sx / sy  # chain rule for the standardised coordinates

    model = build_net(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    step = make_step(model, opt, LOSSES[cfg.value_loss], LOSSES[cfg.delta_loss], cfg.lam_delta)
    for epoch in range(args.epochs):
        for idx in torch.randperm(len(xn), generator=gen).split(64):
            logs = step(xn[idx], yn[idx], dydx_n[idx])
        print(f"epoch {epoch} {logs}")

    with torch.no_grad():
        grid = to_unit(torch.tensor([[0.8, 0.2], [1.0, 0.2], [1.2, 0.2]]), mx, sx)
        print("note value:", (model(grid).squeeze(-1) * sy + my).numpy().round(4))


if __name__ == "__main__":
    main()
