"""Rut-depth forecasting for asphalt test sections from monthly traffic / climate series.

The objective is assembled from a generator that yields (loss, weight) pairs: data fit, a random-projection
Jacobian penalty (smooth response to the inputs) and an optional monotonicity term in the traffic channel.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

CHANNELS = ["esal", "pavement_temp", "rain", "freeze_thaw", "overlay_age"]
CFG = {"months": 24, "width": 16, "jac_weight": 0.05, "mono_weight": 0.0, "lr": 2e-3, "batch": 32, "steps": 3}


class RutForecaster(nn.Module):
    def __init__(self, c_in=len(CHANNELS), width=16):
        super().__init__()
        self.pad = nn.ReflectionPad1d(2)
        self.conv = nn.Conv1d(c_in, width, 5)
        self.norm = nn.LocalResponseNorm(3)
        self.act = nn.Softsign()
        self.rnn = nn.GRU(width, width, batch_first=True)
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        h = self.act(self.norm(self.conv(self.pad(x))))
        out, _ = self.rnn(h.transpose(1, 2))
        return self.head(out[:, -1])


def loss_terms(model, x, y, cfg):
    """Yield (loss, weight) pairs; the caller sums weight * loss."""
    yield F.mse_loss(model(x), y), 1.0
    if cfg["jac_weight"] > 0:
        xj = x.detach().clone().requires_grad_(True)
        out = model(xj)
        v = torch.randn_like(out)
        (jv,) = torch.autograd.grad(out, xj, grad_outputs=v, create_graph=True)
        yield F.smooth_l1_loss(jv, torch.zeros_like(jv), beta=1e-3), cfg["jac_weight"]
    if cfg["mono_weight"] > 0:
        xm = x.detach().clone().requires_grad_(True)
        (g,) = torch.autograd.grad(model(xm).sum(), xm, create_graph=True)
        yield F.elu(-g[:, 0]).mean() + 1.0, cfg["mono_weight"]


def sections(n, months, gen):
    esal = torch.cumsum(torch.rand(n, 1, months, generator=gen), -1) / months
    temp = torch.sin(torch.linspace(0, 4 * torch.pi, months)).expand(n, 1, months) + 0.1 * torch.randn(n, 1, months, generator=gen)
    rest = torch.rand(n, 3, months, generator=gen)
    x = torch.cat([esal, temp, rest], 1)
    y = 4.0 * esal[:, :, -1] * (1 + 0.3 * temp.clamp(min=0).mean(-1)) + 0.5 * rest[:, 2, -1:]
    return x, y


@torch.no_grad()
def weekly_profile(model, x):
    """Forecast per section, spread to a weekly grid for the maintenance planner."""
    monthly = model(x)[:, None, :].expand(-1, 1, 4)
    return F.interpolate(monthly, scale_factor=4.33, mode="linear", align_corners=False)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=CFG["steps"])
    ap.add_argument("--mono-weight", type=float, default=CFG["mono_weight"])
    args = ap.parse_args()
    cfg = dict(CFG, steps=args.steps, mono_weight=args.mono_weight)
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = RutForecaster(width=cfg["width"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        x, y = sections(cfg["batch"], cfg["months"], gen)
        pairs = list(loss_terms(model, x, y, cfg))
        total = sum(w * l for l, w in pairs)
        opt.zero_grad()
        total.backward()
        opt.step()
        print(f"step {step}: total {total.item():.4f} terms {[round(l.item(), 4) for l, _ in pairs]}")
    print("weekly grid", tuple(weekly_profile(model, x[:4]).shape))


if __name__ == "__main__":
    main()
