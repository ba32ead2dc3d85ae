"""Hessian-free (truncated Newton) training of a gondola ropeway haul-rope tension estimator.

Input: 3 channels (line speed, grip-sensor strain, wind at tower) over 24 samples.
Target: haul-rope tension at the drive terminal (kN, standardised).
Hessian-vector products use Pearlmutter's trick through a create_graph gradient.
"""
import functools
import math
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F

ARCHS = {
    "base": [
        ("Conv1d", {"in_channels": 3, "out_channels": 12, "kernel_size": 5, "padding": 2}),
        ("Tanh", {}),
        ("LocalResponseNorm", {"size": 3, "alpha": 1e-3}),
        ("ReflectionPad1d", {"padding": 1}),
        ("Conv1d", {"in_channels": 12, "out_channels": 12, "kernel_size": 3}),
        ("Softsign", {}),
        ("Flatten", {}),
        ("Linear", {"in_features": 12 * 24, "out_features": 1}),
    ],
    "wide": [
        ("Conv1d", {"in_channels": 3, "out_channels": 32, "kernel_size": 5, "padding": 2}),
        ("Hardswish", {}),
        ("Flatten", {}),
        ("Linear", {"in_features": 32 * 24, "out_features": 1}),
    ],
}


@dataclass
class HFConfig:
    arch: str = "base"
    outer_steps: int = 3
    cg_iters: int = 6
    damping: float = 1.0
    batch: int = 16
    huber_delta: float = 0.5
    seq: int = 24
    extra: dict = field(default_factory=dict)


class TensionNet(nn.Module):
    def __init__(self, spec):
        super().__init__()
        self.layers = nn.ModuleList([getattr(nn, name)(**kw) for name, kw in spec])

    def forward(self, x):
        return functools.reduce(lambda h, layer: layer(h), self.layers, x).squeeze(-1)


def ropeway_batch(n, seq=24):
    t = torch.linspace(0, 1, seq)
    speed = 5 + torch.rand(n, 1) * 2 + 0.2 * torch.sin(6 * t)
    strain = speed * (1 + 0.1 * torch.randn(n, seq))
    wind = torch.rand(n, 1) * torch.cos(3 * t + torch.rand(n, 1))
    x = torch.stack([speed, strain, wind], 1)
    y = 0.4 * speed.mean(-1) + 0.3 * wind.abs().mean(-1) + 0.05 * torch.randn(n)
    return (x - x.mean()) / x.std(), y


def flat(ts):
    return torch.cat([t.reshape(-1) for t in ts])


def cg(hvp, b, iters, tol=1e-10):
    x = torch.zeros_like(b)
    r = b.clone()
    p = r.clone()
    rs = r @ r
    for _ in range(iters):
        Ap = hvp(p)
        alpha = rs / (p @ Ap + 1e-12)
        x = x + alpha * p
        r = r - alpha * Ap
        rs_new = r @ r
        if rs_new < tol:
            break
        p = r + (rs_new / rs) * p
        rs = rs_new
    return x


def hf_step(model, x, y, cfg):
    params = [p for p in model.parameters()]
    loss = F.huber_loss(model(x), y, delta=cfg.huber_delta)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    g = flat(grads)

    def hvp(v):
        hv = torch.autograd.grad(g @ v, params, retain_graph=True)
        return flat(hv).detach() + cfg.damping * v

    d = cg(hvp, -g.detach(), cfg.cg_iters)
    quad = (g.detach() @ d + 0.5 * d @ (hvp(d) - cfg.damping * d)).item()
    with torch.no_grad():
        offset = 0
        for p in params:
            n = p.numel()
            p.add_(d[offset:offset + n].view_as(p))
            offset += n
        new_loss = F.huber_loss(model(x), y, delta=cfg.huber_delta)
    rho = (new_loss.item() - loss.item()) / (quad - 1e-12)
    if rho < 0.25:
        cfg.damping *= 1.5
    elif rho > 0.75:
        cfg.damping /= 1.5
    return loss.item(), new_loss.item(), rho


@torch.no_grad()
def rmse_on_upsampled(model, x, y):
    # sanity check on resampled series (the model never trains on these)
    xs = F.interpolate(x, size=x.shape[-1] * 2, mode="linear", align_corners=False)[..., ::2]
    return math.sqrt(F.mse_loss(model(xs), y).item())


def main(cfg=HFConfig()):
    torch.manual_seed(3)
    model = TensionNet(ARCHS[cfg.arch])
    xv, yv = ropeway_batch(32, cfg.seq)
    for step in range(cfg.outer_steps):
        x, y = ropeway_batch(cfg.batch, cfg.seq)
        before, after, rho = hf_step(model, x, y, cfg)
        print("step %d huber %.4f -> %.4f rho %.2f damping %.3f val-rmse %.4f"
              % (step, before, after, rho, cfg.damping, rmse_on_upsampled(model, xv, yv)))


if __name__ == "__main__":
    main()
