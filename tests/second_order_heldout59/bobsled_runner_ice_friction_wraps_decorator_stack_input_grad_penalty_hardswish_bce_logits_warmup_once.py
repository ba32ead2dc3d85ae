"""Bobsled runner / ice friction from sled telemetry.

Regresses the friction coefficient and classifies stick-slip events per 0.1 s window. The robust objective is
the plain one wrapped by decorators: an input-gradient penalty (double backprop) and a logger.
"""
import argparse
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

FEATURES = ["runner_temp", "ice_temp", "speed", "load", "roughness_ra", "humidity", "camber", "rocker",
            "steer_angle", "vibration_rms"]
LOSS_LOG = {}


def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        out = fn(*args, **kwargs)
        LOSS_LOG.setdefault(fn.__name__, []).append(float(out.detach()))
        return out
    return wrapper


def input_gradient_penalty(weight):
    """Decorator factory: loss(model, x, ...) + weight * E ||d loss / d x||^2."""
    def deco(loss_fn):
        @functools.wraps(loss_fn)
        def wrapper(model, x, *targets):
            x = x.detach().requires_grad_(True)
            loss = loss_fn(model, x, *targets)
            (gx,) = torch.autograd.grad(loss, x, create_graph=True)
            return loss + weight * gx.pow(2).sum(1).mean() * x.shape[0]
        return wrapper
    return deco


class RunnerNet(nn.Module):
    def __init__(self, n_in=len(FEATURES), width=32):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(n_in, width),
            nn.Hardswish(),
            nn.Dropout(0.05),
            nn.Linear(width, width),
            nn.Tanh(),
        )
        self.mu_head = nn.Linear(width, 1)
        self.slip_head = nn.Linear(width, 1)

    def forward(self, x):
        h = self.body(x)
        return self.mu_head(h), self.slip_head(h)


@logged
@input_gradient_penalty(weight=0.02)
def robust_objective(model, x, mu, slip):
    mu_hat, slip_logit = model(x)
    return F.huber_loss(mu_hat, mu, delta=0.01) + 0.5 * F.binary_cross_entropy_with_logits(slip_logit, slip)


@logged
def warmup_objective(model, x, mu, slip):
    mu_hat, slip_logit = model(x)
    return F.mse_loss(mu_hat, mu) + 0.5 * F.binary_cross_entropy_with_logits(slip_logit, slip)


@logged
@torch.no_grad()
def slip_calibration_gap(model, x, slip):
    _, slip_logit = model(x)
    p = torch.sigmoid(slip_logit)
    return F.binary_cross_entropy(p, slip) - F.binary_cross_entropy(slip.mean().expand_as(p), slip)


def telemetry(n, gen):
    x = torch.randn(n, len(FEATURES), generator=gen)
    mu = 0.005 + 0.002 * torch.tanh(x[:, :1] - x[:, 1:2]) + 0.001 * x[:, 4:5].abs() + 0.0005 * x[:, 3:4]
    slip = (x[:, 9:10] + 0.5 * x[:, 8:9].abs() > 1.0).float()
    return x, mu * 100.0, slip


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--warmup", type=int, default=1)
    args = ap.parse_args()
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = RunnerNet()
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    for step in range(args.steps):
        model.train()
        x, mu, slip = telemetry(64, gen)
        objective = warmup_objective if step < args.warmup else robust_objective
        loss = objective(model, x, mu, slip)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} [{objective.__name__}] loss {loss.item():.4f}")
    model.eval()
    xv, _, sv = telemetry(128, gen)
    print("calibration gap %.4f" % slip_calibration_gap(model, xv, sv).item())
    print({k: len(v) for k, v in LOSS_LOG.items()})


if __name__ == "__main__":
    main()
