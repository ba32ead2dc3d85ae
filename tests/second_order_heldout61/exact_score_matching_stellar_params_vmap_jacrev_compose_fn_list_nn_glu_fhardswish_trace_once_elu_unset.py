"""Exact (Hyvarinen) score matching on stellar atmospheric parameters from a spectroscopic survey.

x = (Teff, log g, [Fe/H], log v sin i), standardised. The score network s(x) ~ grad log p(x) is trained
with J(theta) = E[ tr(ds/dx) + 0.5 |s|^2 ]; the divergence comes from vmap(jacrev(.)) composed with a
per-sample trace, so the loss holds a first derivative of the network and its gradient w.r.t. theta is
second order. The network is a list of callables applied in a loop.
"""
import argparse
import functools
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import jacrev, vmap


def compose(*fs):
    return functools.reduce(lambda f, g: lambda *a: f(g(*a)), fs)


@dataclass
class Cfg:
    width: int = 64
    bounded_scores: bool = False
    steps: int = 3
    batch: int = 128
    lr: float = 1e-3
    langevin_steps: int = 20
    langevin_eps: float = 1e-2


class ScoreNet(nn.Module):
    def __init__(self, d=4, width=64, bounded=False):
        super().__init__()
        self.lin1 = nn.Linear(d, 2 * width)
        self.glu = nn.GLU(dim=-1)
        self.lin2 = nn.Linear(width, width)
        self.lin3 = nn.Linear(width, d)
        self.fns = [self.lin1, self.glu, self.lin2, F.hardswish, self.lin3]
        self.head_act = F.elu if bounded else (lambda t: t)

    def forward(self, x):
        h = x
        for f in self.fns:
            h = f(h)
        return self.head_act(h)


def survey_sample(n, gen):
    """Dwarfs and red-clump giants; no autograd."""
    giant = torch.rand(n, 1, generator=gen) < 0.3
    teff = torch.where(giant, 4700 + 150 * torch.randn(n, 1, generator=gen), 5600 + 600 * torch.randn(n, 1, generator=gen))
    logg = torch.where(giant, 2.4 + 0.2 * torch.randn(n, 1, generator=gen), 4.4 + 0.15 * torch.randn(n, 1, generator=gen))
    feh = -0.1 + 0.3 * torch.randn(n, 1, generator=gen)
    vsini = torch.where(giant, 0.3 + 0.2 * torch.randn(n, 1, generator=gen), 0.7 + 0.3 * torch.randn(n, 1, generator=gen))
    return torch.cat([teff, logg, feh, vsini], dim=-1)


def make_esm_loss(model):
    per_sample = lambda x: model(x.unsqueeze(0)).squeeze(0)
    divergence = compose(vmap(torch.trace), vmap(jacrev(per_sample)))

    def loss(x):
        s = model(x)
        return (divergence(x) + 0.5 * s.pow(2).sum(-1)).mean()

    return loss


@torch.no_grad()
def langevin(model, x, steps, eps, gen):
    for _ in range(steps):
        x = x + 0.5 * eps * model(x) + eps ** 0.5 * torch.randn(x.shape, generator=gen)
    return x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=Cfg.steps)
    cfg = Cfg(steps=ap.parse_args().steps)
    gen = torch.Generator().manual_seed(17)

    raw = survey_sample(2048, gen)
    mu, sd = raw.mean(0), raw.std(0)
    data = (raw - mu) / sd
    model = ScoreNet(width=cfg.width, bounded=cfg.bounded_scores)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    esm = make_esm_loss(model)
    for step in range(cfg.steps):
        idx = torch.randint(0, len(data), (cfg.batch,), generator=gen)
        loss = esm(data[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} J={loss.item():.4f}")

    samples = langevin(model, torch.randn(256, 4, generator=gen), cfg.langevin_steps, cfg.langevin_eps, gen)
    print("giant fraction (log g < 3.3):", ((samples * sd + mu)[:, 1] < 3.3).float().mean().item())


if __name__ == "__main__":
    main()
