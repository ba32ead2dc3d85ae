"""Lipschitz regularisers, chosen from a config dict by structural pattern matching.

Each regulariser has ``penalty(critics, real, fake) -> extra loss | None`` (called before backward) and
``after_step(critics)`` (called after the optimiser step). Calling the object returns the penalty.
"""
from __future__ import annotations

import torch


class Regulariser:
    def penalty(self, critics, real, fake):
        return None

    def after_step(self, critics) -> None:
        pass

    def __call__(self, critics, real, fake):
        return self.penalty(critics, real, fake)


class GradientPenalty(Regulariser):
    def __init__(self, weight: float):
        self.weight = weight

    def penalty(self, critics, real, fake):
        eps = torch.rand(real.size(0), 1, 1)
        mix = (eps * real + (1 - eps) * fake).requires_grad_(True)
        score = sum(c(mix) for c in critics) / len(critics)
        (g,) = torch.autograd.grad(score.sum(), mix, create_graph=True)
        return self.weight * ((g.flatten(1).norm(dim=1) - 1) ** 2).mean()


class WeightClip(Regulariser):
    def __init__(self, c: float):
        self.c = c

    @torch.no_grad()
    def after_step(self, critics) -> None:
        for critic in critics:
            for p in critic.parameters():
                p.clamp_(-self.c, self.c)


def make_regulariser(spec: dict) -> Regulariser:
    match spec:
        case {"kind": "gp", "weight": float(w)}:
            return GradientPenalty(w)
        case {"kind": "clip", "c": float(c)}:
            return WeightClip(c)
        case {"kind": "none"}:
            return Regulariser()
        case _:
            raise ValueError(spec)
