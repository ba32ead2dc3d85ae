"""Yarn-tension forecaster for a ring-spinning frame, fitted with L-BFGS (full batch).

The closure adds an input-smoothness term estimated by finite differences (two forward passes, no
autograd through the input); an input-sensitivity report uses a plain first-order autograd.grad.
An EMA copy (deepcopy) is kept for deployment; the model may be torch.compile'd when available.
"""
import copy
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

cfg = SimpleNamespace(
    window=32, horizon=4, channels=12, groups=3,
    lbfgs_steps=3, max_iter=5, lr=0.8,
    fd_eps=1e-2, w_smooth=0.05, ema_decay=0.9,
    compile=True, compile_backend="eager",
)


class TensionForecaster(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv1d(1, c.channels, 5, padding=2)
        self.norm = nn.GroupNorm(c.groups, c.channels)
        self.act = nn.SELU()
        self.mix = nn.Conv1d(c.channels, c.channels, 3, padding=1)
        self.head = nn.Linear(c.channels * c.window, c.horizon)

    def forward(self, x):
        h = self.act(self.norm(self.conv(x)))
        h = F.elu(self.mix(h)) + h
        return self.head(h.flatten(1))


def tension_series(n, window, horizon):
    t = torch.arange(window + horizon).float()
    spindle = 0.5 + 0.3 * torch.rand(n, 1)
    ring = torch.sin(2 * torch.pi * spindle * t / 8) + 0.2 * torch.sin(2 * torch.pi * t / 29 + torch.rand(n, 1))
    s = ring + 0.05 * torch.randn(n, window + horizon)
    return s[:, None, :window], s[:, window:]


def fd_smoothness(model, x, eps):
    direction = torch.randn_like(x)
    direction = direction / direction.flatten(1).norm(dim=1).view(-1, 1, 1)
    return ((model(x + eps * direction) - model(x)) / eps).pow(2).sum(1).mean()


def maybe_compile(model):
    if cfg.compile and hasattr(torch, "compile"):
        try:
            return torch.compile(model, backend=cfg.compile_backend)
        except Exception as exc:  # old torch / unsupported platform
            print("compile skipped:", exc)
    return model


def main():
    torch.manual_seed(13)
    base = TensionForecaster(cfg)
    ema = copy.deepcopy(base).requires_grad_(False)
    model = maybe_compile(base)
    x, y = tension_series(48, cfg.window, cfg.horizon)
    opt = torch.optim.LBFGS(base.parameters(), lr=cfg.lr, max_iter=cfg.max_iter, line_search_fn="strong_wolfe")

    def closure():
        opt.zero_grad()
        fit = F.smooth_l1_loss(model(x), y, beta=0.1)
        loss = fit + cfg.w_smooth * fd_smoothness(model, x, cfg.fd_eps)
        loss.backward()
        return loss

    for step in range(cfg.lbfgs_steps):
        loss = opt.step(closure)
        with torch.no_grad():
            for pe, pb in zip(ema.parameters(), base.parameters()):
                pe.lerp_(pb, 1 - cfg.ema_decay)
        xs = x[:8].clone().requires_grad_(True)
        (sens,) = torch.autograd.grad(model(xs)[:, 0].sum(), xs)
        print(f"step {step} loss {loss.item():.4f} sensitivity_last_lag {sens[:, 0, -1].abs().mean().item():.4f} "
              f"ema_mae {(ema(x) - y).abs().mean().item():.4f}")


if __name__ == "__main__":
    main()
