"""Intradialytic hypotension (IDH) early warning from in-session vitals.

A causal TCN scores the risk of a systolic drop within 15 minutes. Risk should
vary smoothly with the monitored vitals, so training penalises the input
curvature v^T H v (Hessian of the risk w.r.t. the vitals, Hutchinson probes).
"""
import argparse
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

VITALS = ["sbp", "dbp", "hr", "blood_flow", "uf_rate", "dialysate_temp", "conductivity"]
STATIC = ["age", "dry_weight", "diabetes", "vintage_years"]


class CurvatureMixin:
    """Adds a Hutchinson input-curvature penalty to any model called as model(x, static)."""

    def curvature_penalty(self, x, static, probes=1):
        x = x.detach().requires_grad_(True)

        def risk(inp):
            return self(inp, static).sum()

        total = 0.0
        for _ in range(probes):
            v = torch.randn_like(x)
            _, hv = torch.autograd.functional.hvp(risk, x, v, create_graph=True)
            total = total + (v * hv).sum().pow(2) / x.shape[0]
        return total / probes


class TCNRisk(CurvatureMixin, nn.Module):
    def __init__(self, n_vitals, n_static, channels=(16, 16), kernel=3):
        super().__init__()
        layers, c_in = [], n_vitals
        for c in channels:
            layers += [nn.ConstantPad1d((kernel - 1, 0), 0.0), nn.Conv1d(c_in, c, kernel), nn.PReLU(c)]
            c_in = c
        self.tcn = nn.Sequential(*layers)
        self.static = nn.Linear(n_static, c_in)
        self.head = nn.Linear(c_in, 1)

    def forward(self, x, static):
        x = F.group_norm(x, 1)  # per-session standardisation of the vitals
        h = self.tcn(x)[..., -1] + self.static(static)
        return self.head(F.softplus(h)).squeeze(-1)


class GRURisk(CurvatureMixin, nn.Module):
    def __init__(self, n_vitals, n_static, hidden=24):
        super().__init__()
        self.rnn = nn.GRU(n_vitals, hidden, batch_first=True)
        self.head = nn.Linear(hidden + n_static, 1)

    def forward(self, x, static):
        h, _ = self.rnn(x.transpose(1, 2))
        return self.head(F.hardswish(torch.cat([h[:, -1], static], -1))).squeeze(-1)


MODELS = {
    "tcn": partial(TCNRisk, channels=(16, 16), kernel=3),
    "tcn_wide": partial(TCNRisk, channels=(32, 32, 32), kernel=5),
    "gru": partial(GRURisk, hidden=24),
}


def synth_sessions(n, t, gen):
    base = torch.tensor([140.0, 75.0, 72.0, 350.0, 600.0, 36.5, 14.0]).view(1, -1, 1)
    drift = torch.linspace(0, 1, t).view(1, 1, -1)
    uf = 0.5 + torch.rand(n, 1, 1, generator=gen)
    x = base * (1 + 0.03 * torch.randn(n, len(VITALS), t, generator=gen))
    x[:, 0:1] = x[:, 0:1] - 25 * uf * drift                 # SBP falls with ultrafiltration
    static = torch.randn(n, len(STATIC), generator=gen)
    y = (x[:, 0, -1] < 120).float()
    return x / base, static, y                               # relative to the nominal set-point


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--model", default="tcn", choices=sorted(MODELS))
    p.add_argument("--curvature-weight", type=float, default=1e-3)
    p.add_argument("--probes", type=int, default=1)
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--window", type=int, default=24)      # 5-minute samples -> 2 hours
    args = p.parse_args()
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = MODELS[args.model](len(VITALS), len(STATIC))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    pos_weight = torch.tensor(4.0)
    for step in range(args.steps):
        x, static, y = synth_sessions(32, args.window, gen)
        bce = F.binary_cross_entropy_with_logits(model(x, static), y, pos_weight=pos_weight)
        curv = model.curvature_penalty(x, static, probes=args.probes)
        opt.zero_grad()
        (bce + args.curvature_weight * curv).backward()
        opt.step()
        print(f"step {step}: bce {bce.item():.4f}  curvature {curv.item():.3e}")


if __name__ == "__main__":
    main()
