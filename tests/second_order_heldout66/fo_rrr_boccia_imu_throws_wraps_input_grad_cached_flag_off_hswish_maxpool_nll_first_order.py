"""Boccia throw classifier (roll / lob / ramp / push) from an instrumented ball's 6-axis IMU trace.

"Right for the right reasons" (Ross et al. 2017) is wired in but switched off: the input-gradient term has weight
0 in this run, so ``SaliencyMonitor`` builds input gradients without a graph and only logs how much saliency
falls in the release window. A ``functools.wraps`` decorator marks the forward's input for gradients.
"""
from __future__ import annotations

import argparse
import functools
import logging
import math
from dataclasses import dataclass
from functools import cached_property

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("boccia_rrr")
THROWS = ("roll", "lob", "ramp", "push")


@dataclass
class RRRConfig:
    rrr_weight: float = 0.0
    release_window: tuple = (0, 24)
    steps: int = 4
    batch: int = 32
    lr: float = 2e-3


def track_input_grad(forward):
    @functools.wraps(forward)
    def wrapper(self, x, *args, **kwargs):
        if self.training and not x.requires_grad:
            x = x.detach().requires_grad_(True)
        self.last_input = x
        return forward(self, x, *args, **kwargs)
    return wrapper


class ThrowNet(nn.Module):
    def __init__(self, n_classes: int = len(THROWS)):
        super().__init__()
        self.conv1 = nn.Conv1d(6, 16, 7, padding=3)
        self.act = nn.Hardswish()
        self.pool = nn.MaxPool1d(2)
        self.conv2 = nn.Conv1d(16, 16, 5, padding=2)
        self.fc = nn.Linear(16, n_classes)
        self.last_input = None

    @track_input_grad
    def forward(self, x):
        h = self.pool(self.act(self.conv1(x)))
        h = self.pool(self.act(self.conv2(h)))
        return self.fc(h.mean(-1))


class SaliencyMonitor:
    def __init__(self, cfg: RRRConfig):
        self.cfg = cfg
        self.history: list[float] = []

    @cached_property
    def differentiable(self) -> bool:
        return self.cfg.rrr_weight > 0

    def __call__(self, nll: torch.Tensor, inputs: torch.Tensor):
        (g,) = torch.autograd.grad(nll, inputs, retain_graph=True, create_graph=self.differentiable)
        lo, hi = self.cfg.release_window
        share = g[..., lo:hi].abs().sum() / g.abs().sum().clamp_min(1e-12)
        self.history.append(share.item())
        if self.differentiable:
            return self.cfg.rrr_weight * g[..., hi:].pow(2).sum()
        return None


def imu_traces(n: int, gen: torch.Generator):
    y = torch.randint(0, len(THROWS), (n,), generator=gen)
    t = torch.linspace(0, 1, 96)
    spin = (1.0 + y.float()).unsqueeze(1)
    gyro = torch.sin(2 * math.pi * spin * t) * torch.exp(-2 * t)
    bounce = (y == 1).float().unsqueeze(1) * torch.exp(-((t - 0.4) ** 2) / 0.002)
    chans = [gyro, gyro * 0.5, bounce, bounce * 0.3, (y == 2).float().unsqueeze(1) * t, (y == 3).float().unsqueeze(1) * (1 - t)]
    x = torch.stack(chans, 1) + 0.05 * torch.randn(n, 6, 96, generator=gen)
    return x, y


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=RRRConfig.steps)
    args = parser.parse_args(argv)
    cfg = RRRConfig(steps=args.steps)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(6)
    x, y = imu_traces(128, gen)

    model = ThrowNet()
    monitor = SaliencyMonitor(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        idx = torch.randint(0, x.size(0), (cfg.batch,), generator=gen)
        logp = F.log_softmax(model(x[idx]), dim=-1)
        nll = F.nll_loss(logp, y[idx])
        loss = nll
        if (rrr := monitor(nll, model.last_input)) is not None:
            loss = loss + rrr
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        log.info("step %d nll %.4f release-saliency %.3f", step, nll.item(), monitor.history[-1])
    assert not monitor.differentiable


if __name__ == "__main__":
    main()
