"""DP-SGD for sleep-apnoea event detection from overnight SpO2 / airflow windows (first order).

Per-example gradients come from vmap(grad(loss)) over a parameter dict; each is clipped to norm C, the
sum gets Gaussian noise and is written into .grad before an ordinary optimiser step. The private step
is a closure returned by make_private_step; nothing is differentiated twice.
"""
import argparse
import functools
import math
import operator

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

CLASSES = ("normal", "hypopnea", "obstructive", "central")


class ApneaNet(nn.Module):
    def __init__(self, ch=2, width=16, n_cls=len(CLASSES)):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv1d(ch, width, 7, padding=3), nn.GroupNorm(4, width))
        self.pool = nn.MaxPool1d(4)
        self.body = nn.Conv1d(width, width, 5, padding=2)
        self.head = nn.Linear(width, n_cls)
        self.stages = [self.stem, F.elu, self.pool, self.body, F.elu]

    def forward(self, x):
        h = functools.reduce(lambda acc, f: f(acc), self.stages, x)
        return F.log_softmax(self.head(h.mean(-1)), dim=-1)


def make_private_step(model, opt, clip, sigma):
    def sample_loss(params, x, y):
        logp = functional_call(model, params, (x.unsqueeze(0),))
        return F.nll_loss(logp, y.unsqueeze(0))

    per_sample = vmap(grad(sample_loss), in_dims=(None, 0, 0))

    def step(x, y, gen):
        params = {k: v.detach() for k, v in model.named_parameters()}
        grads = per_sample(params, x, y)
        norms = torch.sqrt(functools.reduce(operator.add, (g.flatten(1).pow(2).sum(1) for g in grads.values())))
        scale = (clip / (norms + 1e-6)).clamp(max=1.0)
        for name, p in model.named_parameters():
            g = grads[name] * scale.view(-1, *[1] * (grads[name].dim() - 1))
            noise = sigma * clip * torch.randn(p.shape, generator=gen)
            p.grad = (g.sum(0) + noise) / len(x)
        opt.step()
        return norms.mean().item()

    return step


def synthetic_night(n, length, gen):
    y = torch.randint(0, len(CLASSES), (n,), generator=gen)
    t = torch.linspace(0, 1, length)
    dip = torch.tensor([0.0, 2.0, 4.0, 3.0])[y][:, None] * torch.exp(-((t - 0.5) / 0.15) ** 2)
    spo2 = 96 - dip + 0.5 * torch.randn(n, length, generator=gen)
    flow_amp = torch.tensor([1.0, 0.5, 0.1, 0.05])[y][:, None]
    flow = flow_amp * torch.sin(2 * math.pi * 4 * t) + 0.05 * torch.randn(n, length, generator=gen)
    x = torch.stack([(spo2 - 94) / 3, flow], 1)
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--clip", type=float, default=1.0)
    ap.add_argument("--sigma", type=float, default=0.8)
    args = ap.parse_args()

    gen = torch.Generator().manual_seed(8)
    model = ApneaNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    step = make_private_step(model, opt, args.clip, args.sigma)
    for i in range(args.steps):
        x, y = synthetic_night(args.batch, 120, gen)
        mean_norm = step(x, y, gen)
        print(f"step {i} mean per-sample grad norm {mean_norm:.3f}")
    x, y = synthetic_night(64, 120, gen)
    with torch.no_grad():
        acc = (model(x).argmax(-1) == y).float().mean().item()
    print(f"accuracy {acc:.3f}")


if __name__ == "__main__":
    main()
