"""Snooker cue-tip impact classifier (accelerometer in the ferrule): centre / top / screw / side-spin / miscue.

Optimised with AdaHessian. The Hutchinson diagonal estimator is a plain callable object (``__call__``), the
optimiser takes the loss closure, and the training loop is a chain of generators (``yield from``) that the
driver consumes lazily.
"""
from __future__ import annotations

import argparse
import logging
import math
from typing import Iterator

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("cue_adahessian")
STROKES = ("centre", "top", "screw", "side", "miscue")


class HutchinsonProbe:
    """diag(H) ~ E[v * (H v)], v Rademacher. Needs gradients built with create_graph=True."""

    def __init__(self, n_samples: int = 1, seed: int = 0):
        self.n_samples = n_samples
        self.gen = torch.Generator().manual_seed(seed)

    def __call__(self, grads, params):
        est = [torch.zeros_like(p) for p in params]
        for i in range(self.n_samples):
            vs = [torch.randint(0, 2, p.shape, generator=self.gen).to(p.dtype) * 2 - 1 for p in params]
            hvs = torch.autograd.grad(grads, params, grad_outputs=vs, retain_graph=i < self.n_samples - 1)
            for e, v, hv in zip(est, vs, hvs):
                e.add_(v * hv / self.n_samples)
        return est


class AdaHessian(torch.optim.Optimizer):
    def __init__(self, params, lr=0.15, betas=(0.9, 0.999), eps=1e-4, hessian_power=1.0, probe=None):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, hessian_power=hessian_power))
        self.probe = probe or HutchinsonProbe()

    def step(self, closure):
        loss = closure()
        params = [p for g in self.param_groups for p in g["params"] if p.requires_grad]
        grads = torch.autograd.grad(loss, params, create_graph=True)
        diag = self.probe(grads, params)
        for group in self.param_groups:
            b1, b2 = group["betas"]
            for p, g, d in zip(params, grads, diag):
                st = self.state[p]
                if not st:
                    st["step"], st["m"], st["v"] = 0, torch.zeros_like(p), torch.zeros_like(p)
                st["step"] += 1
                st["m"].mul_(b1).add_(g.detach(), alpha=1 - b1)
                st["v"].mul_(b2).addcmul_(d, d, value=1 - b2)
                bc1, bc2 = 1 - b1 ** st["step"], 1 - b2 ** st["step"]
                denom = (st["v"] / bc2).sqrt().pow(group["hessian_power"]).add_(group["eps"])
                p.data.addcdiv_(st["m"], denom, value=-group["lr"] / bc1)
        return loss.detach()


class ImpactNet(nn.Module):
    def __init__(self, n_classes: int = len(STROKES)):
        super().__init__()
        self.conv1 = nn.Conv1d(3, 12, 7, padding=3)
        self.act = nn.Hardswish()
        self.pool = nn.MaxPool1d(2)
        self.conv2 = nn.Conv1d(12, 16, 5, padding=2)
        self.fc = nn.Linear(16, n_classes)

    def forward(self, x):
        h = self.pool(self.act(self.conv1(x)))
        h = self.act(self.conv2(h))
        return self.fc(h.mean(-1))


def impact_windows(n: int, gen: torch.Generator):
    """3-axis ferrule acceleration at 8 kHz, 128 samples around contact; decimated to 64 on the device side."""
    y = torch.randint(0, len(STROKES), (n,), generator=gen)
    t = torch.linspace(0, 1, 128)
    freq = 14 + 3 * y.float().unsqueeze(1)
    ring = torch.sin(2 * math.pi * freq * t) * torch.exp(-6 * t)
    axes = torch.stack([ring, ring * (y == 3).float().unsqueeze(1) * 0.8, ring * (0.2 + 0.2 * (y == 4).float().unsqueeze(1))], 1)
    raw = axes + 0.05 * torch.randn(n, 3, 128, generator=gen)
    x = F.avg_pool1d(raw, 2)
    peak = F.max_pool1d(x.abs(), x.size(-1)).clamp_min(1e-3)
    return x / peak, y


def batch_steps(model, opt, x, y, batch) -> Iterator[float]:
    perm = torch.randperm(x.size(0))
    for i in range(0, x.size(0), batch):
        idx = perm[i:i + batch]
        loss = opt.step(lambda: F.cross_entropy(model(x[idx]), y[idx]))
        yield loss.item()


@torch.no_grad()
def evaluate(model, x, y) -> float:
    logits = model(x)
    return F.cross_entropy(logits, y).item()


def training(model, opt, data, val, epochs, batch) -> Iterator[tuple[str, int, float]]:
    for epoch in range(epochs):
        yield from (("train", epoch, loss) for loss in batch_steps(model, opt, *data, batch))
        yield "val", epoch, evaluate(model, *val)


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--batch", type=int, default=32)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(5)
    data, val = impact_windows(64, gen), impact_windows(32, gen)

    model = ImpactNet()
    opt = AdaHessian(model.parameters(), probe=HutchinsonProbe(n_samples=1, seed=1))
    for phase, epoch, value in training(model, opt, data, val, args.epochs, args.batch):
        log.info("epoch %d %s-ce %.4f", epoch, phase, value)
    assert all(opt.state[p]["v"].abs().sum() > 0 for p in model.parameters())


if __name__ == "__main__":
    main()
