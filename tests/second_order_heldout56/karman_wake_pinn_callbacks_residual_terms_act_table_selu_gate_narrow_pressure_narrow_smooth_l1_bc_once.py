"""Surrogate PINN for the Karman vortex street behind a cylinder (Re = 100), (x, y, t) -> (u, v, p).

The trainer only fits sparse velocity sensors; physics enters through callbacks: `NavierStokesResidual`
and `InflowBoundary` add loss terms in `on_loss`, `WallShearMonitor` logs the cylinder wall shear.
"""
import argparse
import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class WakeConfig:
    re: float = 100.0
    width: int = 32
    depth: int = 3
    act: str = "selu"
    n_fourier: int = 8
    n_colloc: int = 128
    n_sensor: int = 48
    steps: int = 3
    lr: float = 1e-3
    w_pde: float = 1.0
    w_bc: float = 2.0


ACTIVATIONS = {"tanh": nn.Tanh, "silu": nn.SiLU, "selu": nn.SELU}


class FourierFeatures(nn.Module):
    """[sin(2 pi x B), cos(2 pi x B)] written as one sine with a quarter-period phase on the second half."""

    def __init__(self, d_in, n, scale=1.5):
        super().__init__()
        B = torch.randn(d_in, n) * scale
        self.register_buffer("B", torch.cat([B, B], dim=1))
        self.register_buffer("phase", torch.cat([torch.zeros(n), torch.full((n,), math.pi / 2)]))

    def forward(self, x):
        return torch.sin(2 * math.pi * x @ self.B + self.phase)


class GatedResidualBlock(nn.Module):
    def __init__(self, width, act):
        super().__init__()
        self.width = width
        self.lin = nn.Linear(width, 2 * width)
        self.act = act()

    def forward(self, h):
        z = self.lin(h)
        value = self.act(z[:, :self.width])
        gate = torch.sigmoid(torch.narrow(z, 1, self.width, self.width))
        return h + gate * value


class WakeNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        act = ACTIVATIONS[cfg.act]
        layers = [FourierFeatures(3, cfg.n_fourier), nn.Linear(2 * cfg.n_fourier, cfg.width), nn.Tanh()]
        layers += [GatedResidualBlock(cfg.width, act) for _ in range(cfg.depth)]
        layers.append(nn.Linear(cfg.width, 3))
        self.net = nn.Sequential(*layers)

    def forward(self, xyt):
        return self.net(xyt)


def fields(model, xyt):
    out = model(xyt)
    u, v = out[:, 0:1], out[:, 1:2]
    p = torch.narrow(out, 1, 2, 1)
    return u, v, p


def d(f, x):
    return torch.autograd.grad(f, x, torch.ones_like(f), create_graph=True)[0]


class Callback:
    def on_loss(self, trainer, losses, batch):
        pass

    def on_step_end(self, trainer, step):
        pass


class NavierStokesResidual(Callback):
    def __init__(self, re, weight):
        self.nu, self.weight = 1.0 / re, weight

    def on_loss(self, trainer, losses, batch):
        xyt = batch["colloc"].clone().requires_grad_(True)
        u, v, p = fields(trainer.model, xyt)
        gu, gv, gp = d(u, xyt), d(v, xyt), d(p, xyt)
        u_x, u_y, u_t = gu[:, 0:1], gu[:, 1:2], gu[:, 2:3]
        v_x, v_y, v_t = gv[:, 0:1], gv[:, 1:2], gv[:, 2:3]
        lap_u = d(u_x, xyt)[:, 0:1] + d(u_y, xyt)[:, 1:2]
        lap_v = d(v_x, xyt)[:, 0:1] + d(v_y, xyt)[:, 1:2]
        mom_x = u_t + u * u_x + v * u_y + gp[:, 0:1] - self.nu * lap_u
        mom_y = v_t + u * v_x + v * v_y + gp[:, 1:2] - self.nu * lap_v
        cont = u_x + v_y
        losses["pde"] = self.weight * (mom_x.pow(2) + mom_y.pow(2) + cont.pow(2)).mean()


class InflowBoundary(Callback):
    def __init__(self, weight):
        self.weight = weight

    def on_loss(self, trainer, losses, batch):
        u, v, _ = fields(trainer.model, batch["inflow"])
        losses["bc"] = self.weight * (F.smooth_l1_loss(u, torch.ones_like(u), beta=0.05) + v.pow(2).mean())


class WallShearMonitor(Callback):
    def __init__(self, n=32, radius=0.5):
        th = torch.linspace(0, 2 * math.pi, n + 1)[:-1]
        self.surface = torch.stack([radius * th.cos(), radius * th.sin(), torch.zeros(n)], 1)
        self.normal = torch.stack([th.cos(), th.sin()], 1)

    def on_step_end(self, trainer, step):
        pts = self.surface.clone().requires_grad_(True)
        with torch.enable_grad():
            u, v, _ = fields(trainer.model, pts)
            (gu,) = torch.autograd.grad(u.sum(), pts)
        tau = (gu[:, :2] * self.normal).sum(1) / trainer.cfg.re
        trainer.log["wall_shear_mean"] = tau.mean().item()


class PINNTrainer:
    def __init__(self, model, cfg, callbacks):
        self.model, self.cfg, self.callbacks = model, cfg, callbacks
        self.opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
        self.log = {}

    def fit(self, batches):
        for step, batch in zip(range(self.cfg.steps), batches):
            u, v, _ = fields(self.model, batch["sensor_xyt"])
            losses = {"data": F.mse_loss(torch.cat([u, v], 1), batch["sensor_uv"])}
            for cb in self.callbacks:
                cb.on_loss(self, losses, batch)
            self.opt.zero_grad()
            sum(losses.values()).backward()
            self.opt.step()
            for cb in self.callbacks:
                cb.on_step_end(self, step)
            print(step, {k: round(v.item(), 5) for k, v in losses.items()}, self.log)


def wake_batches(cfg):
    """Potential flow past the cylinder plus a travelling sinusoidal wake as pseudo-sensor data."""
    while True:
        xyt = torch.rand(cfg.n_sensor, 3) * torch.tensor([8.0, 4.0, 1.0]) + torch.tensor([0.6, -2.0, 0.0])
        x, y, t = xyt.unbind(1)
        r2 = x ** 2 + y ** 2
        u = 1 - 0.25 * (x ** 2 - y ** 2) / r2 ** 2
        v = -0.5 * x * y / r2 ** 2 + 0.2 * torch.sin(2.0 * x - 6.0 * t) * torch.exp(-y ** 2) * (x > 0.5)
        colloc = torch.rand(cfg.n_colloc, 3) * torch.tensor([8.0, 4.0, 1.0]) + torch.tensor([0.6, -2.0, 0.0])
        inflow = torch.stack([torch.full((32,), -2.0), torch.linspace(-2, 2, 32), torch.rand(32)], 1)
        yield {"sensor_xyt": xyt, "sensor_uv": torch.stack([u, v], 1), "colloc": colloc, "inflow": inflow}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--act", default=WakeConfig.act, choices=sorted(ACTIVATIONS))
    ap.add_argument("--steps", type=int, default=WakeConfig.steps)
    args = ap.parse_args()
    cfg = WakeConfig(act=args.act, steps=args.steps)
    torch.manual_seed(0)
    model = WakeNet(cfg)
    callbacks = [NavierStokesResidual(cfg.re, cfg.w_pde), InflowBoundary(cfg.w_bc), WallShearMonitor()]
    PINNTrainer(model, cfg, callbacks).fit(wake_batches(cfg))


if __name__ == "__main__":
    main()
