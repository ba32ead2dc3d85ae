"""Which glockenspiel bar was struck? A small 1-D conv classifier on 256-sample onset frames, trained with
Drucker-LeCun double backpropagation (penalty on the input gradient of the NLL).

Submodules are declared with a ``LazySubmodule`` descriptor: the factory runs on first attribute access and the
result is registered in ``_modules``; a descriptor that is never read never builds its module.
"""
from __future__ import annotations

import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("glock_dbp")
N_BARS = 8


class LazySubmodule:
    """Non-data descriptor: builds the submodule on first access (per instance) and registers it."""

    def __init__(self, factory):
        self.factory = factory

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        mods = obj.__dict__["_modules"]
        if self.name not in mods:
            mods[self.name] = self.factory(obj)  # add_module() would recurse through hasattr()
        return mods[self.name]


class BarClassifier(nn.Module):
    features = LazySubmodule(lambda self: nn.Sequential(
        nn.Conv1d(1, 8, 9, stride=2, padding=4),
        nn.ReLU6(),
        nn.Conv1d(8, 16, 5, stride=2, padding=2),
        nn.SiLU(),
    ))
    head = LazySubmodule(lambda self: nn.Linear(16, self.n_bars))
    decay_head = LazySubmodule(lambda self: nn.Sequential(nn.Linear(16, 16), nn.GLU(), nn.Linear(8, 1)))

    def __init__(self, n_bars: int = N_BARS):
        super().__init__()
        self.n_bars = n_bars
        self.features, self.head  # materialise before the optimiser sees parameters()

    def forward(self, frames):
        return self.head(self.features(frames).mean(-1))


def onset_frames(n: int, gen: torch.Generator):
    """Struck aluminium bar: fundamental plus the ~2.76x and ~5.40x partials, fast attack, slow decay."""
    bars = torch.randint(0, N_BARS, (n,), generator=gen)
    f0 = 0.02 * (2 ** (bars.float() / 7)).unsqueeze(1)
    t = torch.arange(256).float()
    env = (1 - torch.exp(-t / 3)) * torch.exp(-t / 180)
    sig = sum(a * torch.sin(2 * math.pi * f0 * r * t) for a, r in ((1.0, 1.0), (0.35, 2.76), (0.12, 5.40)))
    x = (sig * env + 0.02 * torch.randn(n, 256, generator=gen)).unsqueeze(1)
    return x, bars


def nll_from_logits(logits, target):
    logp = F.log_softmax(logits, dim=-1)
    return F.nll_loss(logp, target)


def double_backprop_loss(model, frames, bars, weight):
    frames = frames.clone().requires_grad_(True)
    nll = nll_from_logits(model(frames), bars)
    (g,) = torch.autograd.grad(nll, frames, create_graph=True)
    penalty = g.pow(2).sum(dim=(1, 2)).mean()
    return nll + weight * penalty, nll.detach(), penalty.detach()


@torch.no_grad()
def accuracy(model, frames, bars) -> float:
    logp = F.log_softmax(model(frames), dim=-1)
    return (logp.argmax(-1) == bars).float().mean().item()


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--dbp-weight", type=float, default=50.0)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(11)
    x, y = onset_frames(96, gen)
    xv, yv = onset_frames(48, gen)

    model = BarClassifier()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(args.steps):
        idx = torch.randint(0, x.size(0), (32,), generator=gen)
        loss, nll, pen = double_backprop_loss(model, x[idx], y[idx], args.dbp_weight)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        log.info("step %d nll %.4f grad-pen %.3e val-acc %.3f", step, nll, pen, accuracy(model, xv, yv))
    assert "decay_head" not in model._modules
    assert model.features[0].weight.grad is not None


if __name__ == "__main__":
    main()
