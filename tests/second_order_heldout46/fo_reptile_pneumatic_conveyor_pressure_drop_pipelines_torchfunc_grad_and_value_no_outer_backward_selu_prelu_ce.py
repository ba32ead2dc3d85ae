"""Reptile (Nichol et al. 2018) across pneumatic-conveying pipelines: pressure drop per metre and flow regime.

Each task is one pipeline (diameter, bends, material); inputs are superficial air velocity and solids loading
ratio, targets are the pressure gradient (kPa/m) and the regime (dilute / strand / dense phase). The inner loop
adapts a copy of the weights with torch.func.grad_and_value over functional_call; the outer step moves the
weights towards the adapted ones under no_grad. Reptile never differentiates through the inner loop.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad_and_value

LAYER_SPEC = [("linear", 32), ("selu",), ("linear", 32), ("prelu",), ("linear", 4)]  # 1 regression + 3 regimes


def build_net(spec, in_dim=4):
    layers, d = [], in_dim
    for kind, *args in spec:
        if kind == "linear":
            layers.append(nn.Linear(d, args[0]))
            d = args[0]
        elif kind == "selu":
            layers.append(nn.SELU())
        elif kind == "prelu":
            layers.append(nn.PReLU(d))
    return nn.Sequential(*layers)


def pipeline_task(n, gen):
    diameter = 0.05 + 0.1 * torch.rand(1, generator=gen)
    bends = torch.randint(0, 8, (1,), generator=gen).float()
    material = torch.rand(1, generator=gen)  # 0 = pellets, 1 = fine powder
    v = 8 + 22 * torch.rand(n, generator=gen)
    slr = 1 + 40 * torch.rand(n, generator=gen)
    dp = 0.002 * v ** 2 / diameter * (1 + 0.04 * slr * (1 + material)) * (1 + 0.05 * bends) / 100
    regime = torch.where(v > 18, 0, torch.where(slr < 15, 1, 2))
    x = torch.stack([v / 30, slr / 40, diameter.expand(n) * 10, bends.expand(n) / 8], -1)
    return x, dp, regime


def task_loss(params, net, batch, regime_weight):
    x, dp, regime = batch
    out = functional_call(net, params, (x,))
    reg = F.smooth_l1_loss(out[:, 0], dp)
    cls = F.cross_entropy(out[:, 1:], regime)
    return reg + regime_weight * cls


def adapt(net, params, batch, steps, lr, regime_weight):
    for _ in range(steps):
        g, loss = grad_and_value(task_loss)(params, net, batch, regime_weight)
        params = {k: params[k] - lr * g[k] for k in params}
    return params, loss


def reptile_step(net, tasks, args):
    base = dict(net.named_parameters())
    deltas = {k: torch.zeros_like(v) for k, v in base.items()}
    losses = []
    for batch in tasks:
        fast, loss = adapt(net, base, batch, args.inner_steps, args.inner_lr, args.regime_weight)
        losses.append(loss.item())
        for k in deltas:
            deltas[k] += (fast[k] - base[k]).detach() / len(tasks)
    with torch.no_grad():
        for k, p in net.named_parameters():
            p.add_(args.outer_lr * deltas[k])
    return sum(losses) / len(losses)


def evaluate(net, gen, args, shots=10):
    x, dp, regime = pipeline_task(shots + 40, gen)
    support = (x[:shots], dp[:shots], regime[:shots])
    params = {k: v.detach() for k, v in net.named_parameters()}
    fast, _ = adapt(net, params, support, args.inner_steps * 2, args.inner_lr, args.regime_weight)
    with torch.no_grad():
        out = functional_call(net, fast, (x[shots:],))
        mae = (out[:, 0] - dp[shots:]).abs().mean().item()
        acc = (out[:, 1:].argmax(-1) == regime[shots:]).float().mean().item()
    return mae, acc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=4)
    ap.add_argument("--meta-batch", type=int, default=4)
    ap.add_argument("--inner-steps", type=int, default=3)
    ap.add_argument("--inner-lr", type=float, default=0.05)
    ap.add_argument("--outer-lr", type=float, default=0.5)
    ap.add_argument("--regime-weight", type=float, default=0.3)
    args = ap.parse_args()
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    net = build_net(LAYER_SPEC)
    for it in range(args.iters):
        tasks = [pipeline_task(16, gen) for _ in range(args.meta_batch)]
        inner = reptile_step(net, tasks, args)
        mae, acc = evaluate(net, gen, args)
        print(f"iter {it} inner loss {inner:.4f} | 10-shot new pipeline: dp MAE {mae:.4f} kPa/m, regime acc {acc:.3f}")


if __name__ == "__main__":
    main()
