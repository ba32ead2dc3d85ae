"""Learned lane-change cost C_theta(u; ctx) over a lateral-acceleration sequence u."""
import operator

import torch
import torch.nn as nn
import torch.nn.functional as F

from config import DT, LANE_WIDTH


def rollout(u, ctx):
    vy = ctx["vy0"] + DT * torch.cumsum(u, dim=-1)
    y = ctx["y0"] + DT * torch.cumsum(vy, dim=-1)
    return {"y": y, "vy": vy, "u": u}


def take(key):
    return lambda r, ctx: operator.getitem(r, key)


FEATURES = {
    "lane": lambda r, ctx: (r["y"] - ctx["target"]) / LANE_WIDTH,
    "lateral_speed": take("vy"),
    "accel": take("u"),
    "jerk": lambda r, ctx: torch.diff(F.pad(r["u"][None], (1, 0), mode="replicate")[0]) / DT,
    "headway": lambda r, ctx: F.hardswish(ctx["gap"] - r["y"].abs()),
}


def mlp(sizes, act):
    pairs = list(zip(sizes[:-1], sizes[1:]))
    layers = [m for i, (a, b) in enumerate(pairs) for m in ((nn.Linear(a, b), act()) if i < len(pairs) - 1 else (nn.Linear(a, b),))]
    return nn.Sequential(*layers)


class StageCost(nn.Module):
    def __init__(self, features, hidden, shrink, u_reg):
        super().__init__()
        self.features = list(map(FEATURES.__getitem__, features))
        self.net = mlp((len(features), *hidden, 1), lambda: nn.Softshrink(shrink))
        self.u_reg = u_reg

    def forward(self, u, ctx):
        roll = rollout(u, ctx)
        phi = torch.stack([f(roll, ctx) for f in self.features], dim=-1)
        return F.softplus(self.net(phi)).sum() + self.u_reg * u.pow(2).sum()
