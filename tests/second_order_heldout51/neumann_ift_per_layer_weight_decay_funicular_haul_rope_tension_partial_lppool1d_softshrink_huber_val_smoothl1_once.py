"""Implicit-function-theorem hyperparameter tuning (Lorraine et al., 2020) with a Neumann-series
inverse Hessian, for a haul-rope tension forecaster on a funicular railway.

Inputs: load cells on the haul rope, both car positions, wind at the top station (6 channels,
1 Hz).  Target: the next 4 tension readings.  The hyperparameters are one log weight decay per
parameter tensor, tuned on a validation week.
"""
import argparse
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

Act = functools.partial(nn.Softshrink, lambd=0.05)
Pool = functools.partial(nn.LPPool1d, norm_type=2, kernel_size=3)


def make_forecaster(n_in, hidden, window, horizon, act=Act, pool=Pool):
    return nn.Sequential(
        nn.Conv1d(n_in, hidden, kernel_size=5, padding=2),
        nn.Tanh(),
        pool(),
        nn.Flatten(),
        nn.Linear(hidden * (window // 3), hidden),
        act(),
        nn.Linear(hidden, horizon),
    )


def rope_windows(n, window, horizon, gen, shift=0.0):
    """Tension = static load + car acceleration spikes + wind gusts (synthetic)."""
    t = torch.arange(window + horizon, dtype=torch.float32)
    phase = 2 * torch.pi * torch.rand(n, 1, generator=gen)
    cars = torch.sin(2 * torch.pi * t / 24 + phase)
    wind = 0.3 * torch.randn(n, window + horizon, generator=gen).cumsum(-1) / (window ** 0.5)
    tension = 1.0 + 0.5 * cars ** 2 + 0.2 * wind + shift + 0.05 * torch.randn(cars.shape, generator=gen)
    chans = torch.stack([tension, cars, -cars, wind, wind ** 2, torch.ones_like(cars)], 1)
    return chans[:, :, :window], tension[:, window:]


def train_loss(model, batch, log_wd):
    x, y = batch
    fit = F.huber_loss(model(x), y, delta=0.5)
    decay = sum(torch.exp(lw) * p.pow(2).sum() for lw, p in zip(log_wd, model.parameters()))
    return fit + 0.5 * decay


def val_loss(model, batch):
    x, y = batch
    return F.smooth_l1_loss(model(x), y, beta=0.1)


def neumann_hypergrad(model, log_wd, train_batch, val_batch, alpha, terms):
    params = list(model.parameters())
    v = torch.autograd.grad(val_loss(model, val_batch), params)
    dtrain = torch.autograd.grad(train_loss(model, train_batch, log_wd), params, create_graph=True)
    p = [vi.clone() for vi in v]
    for _ in range(terms):
        hv = torch.autograd.grad(dtrain, params, grad_outputs=v, retain_graph=True)
        v = [vi - alpha * h for vi, h in zip(v, hv)]
        p = [pi + vi for pi, vi in zip(p, v)]
    mixed = torch.autograd.grad(dtrain, log_wd, grad_outputs=p)[0]
    return -alpha * mixed


@torch.no_grad()
def backtest(model, gen, window, horizon, rate=2):
    """Evaluate on 2 Hz logger data, resampled to the 1 Hz training rate."""
    x, y = rope_windows(16, window * rate, horizon, gen)
    x = F.interpolate(x, size=window, mode="linear", align_corners=False)
    return (model(x) - y).abs().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--window", type=int, default=36)
    ap.add_argument("--horizon", type=int, default=4)
    ap.add_argument("--hidden", type=int, default=16)
    ap.add_argument("--outer-steps", type=int, default=3)
    ap.add_argument("--inner-steps", type=int, default=5)
    ap.add_argument("--neumann-terms", type=int, default=4)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--hyper-lr", type=float, default=0.1)
    args = ap.parse_args()

    gen = torch.Generator().manual_seed(2)
    torch.manual_seed(2)
    model = make_forecaster(6, args.hidden, args.window, args.horizon)
    log_wd = torch.full((len(list(model.parameters())),), -4.0, requires_grad=True)
    opt = torch.optim.SGD(model.parameters(), lr=args.lr)
    hopt = torch.optim.Adam([log_wd], lr=args.hyper_lr)
    val_batch = rope_windows(32, args.window, args.horizon, gen, shift=0.1)

    for outer in range(args.outer_steps):
        for _ in range(args.inner_steps):
            batch = rope_windows(32, args.window, args.horizon, gen)
            opt.zero_grad()
            train_loss(model, batch, log_wd.detach()).backward()
            opt.step()
        batch = rope_windows(32, args.window, args.horizon, gen)
        hopt.zero_grad()
        log_wd.grad = neumann_hypergrad(model, log_wd, batch, val_batch, args.lr, args.neumann_terms)
        hopt.step()
        print(f"outer {outer} val {val_loss(model, val_batch).item():.4f} "
              f"mean log-wd {log_wd.mean().item():.3f} backtest MAE {backtest(model, gen, args.window, args.horizon):.4f}")


if __name__ == "__main__":
    main()
