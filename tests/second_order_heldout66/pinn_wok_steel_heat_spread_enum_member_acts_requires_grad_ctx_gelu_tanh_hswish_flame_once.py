"""Inverse PINN: steady heat spread in a carbon-steel wok wall, flame flux identified from thermocouples.

    k (T_xx + T_yy) + q(x, y) - h (T - T_amb) = 0      on the unrolled bowl patch [-1, 1]^2

T_theta is the temperature network, q_phi >= 0 the burner flux network. Activations are members of an
``enum.Enum`` whose values are module classes (or a ``partial`` wrapped in ``enum.member``); collocation
coordinates get ``requires_grad`` only inside the ``differentiable_coords`` context manager.
"""
from __future__ import annotations

import argparse
import contextlib
import enum
import functools
import logging
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("wok_pinn")


class Activation(enum.Enum):
    TANH = nn.Tanh
    SILU = nn.SiLU
    GELU_TANH = enum.member(functools.partial(nn.GELU, approximate="tanh"))
    HARDSWISH = nn.Hardswish
    SOFTSHRINK = nn.Softshrink

    def build(self) -> nn.Module:
        return self.value()


@dataclass(frozen=True)
class WokConfig:
    conductivity: float = 0.45      # scaled k of carbon steel over the patch
    film_coeff: float = 0.8         # convective loss to the kitchen air
    t_amb: float = 0.0
    trunk_act: Activation = Activation.GELU_TANH
    flame_act: Activation = Activation.HARDSWISH
    width: int = 24
    n_colloc: int = 128
    n_sensors: int = 24
    steps: int = 4
    lr: float = 3e-3


def mlp(in_dim: int, width: int, depth: int, act: Activation, out_dim: int = 1) -> nn.Sequential:
    layers: list[nn.Module] = []
    for i in range(depth):
        layers += [nn.Linear(in_dim if i == 0 else width, width), act.build()]
    layers.append(nn.Linear(width, out_dim))
    return nn.Sequential(*layers)


class TemperatureField(nn.Module):
    def __init__(self, cfg: WokConfig):
        super().__init__()
        self.body = mlp(2, cfg.width, 3, cfg.trunk_act)

    def forward(self, x, y):
        return self.body(torch.cat([x, y], dim=1))


class FlameFlux(nn.Module):
    def __init__(self, cfg: WokConfig):
        super().__init__()
        self.body = mlp(2, cfg.width // 2, 2, cfg.flame_act)

    def forward(self, x, y):
        return F.softplus(self.body(torch.cat([x, y], dim=1)))


@contextlib.contextmanager
def differentiable_coords(*coords: torch.Tensor):
    previous = [c.requires_grad for c in coords]
    for c in coords:
        c.requires_grad_(True)
    try:
        yield coords
    finally:
        for c, flag in zip(coords, previous):
            c.requires_grad_(flag)


def d(out: torch.Tensor, wrt: torch.Tensor) -> torch.Tensor:
    return torch.autograd.grad(out.sum(), wrt, create_graph=True)[0]


def heat_residual(temp: TemperatureField, flame: FlameFlux, cfg: WokConfig, x, y):
    with differentiable_coords(x, y):
        t = temp(x, y)
        q = flame(x, y)
        t_xx = d(d(t, x), x)
        t_yy = d(d(t, y), y)
    return cfg.conductivity * (t_xx + t_yy) + q - cfg.film_coeff * (t - cfg.t_amb)


def thermocouple_readings(cfg: WokConfig, gen: torch.Generator):
    """Synthetic readings: a ring burner under the centre of the bowl."""
    xs = torch.rand(cfg.n_sensors, 1, generator=gen) * 2 - 1
    ys = torch.rand(cfg.n_sensors, 1, generator=gen) * 2 - 1
    r2 = xs ** 2 + ys ** 2
    temps = 1.6 * torch.exp(-r2 / 0.35) + 0.02 * torch.randn(cfg.n_sensors, 1, generator=gen)
    return xs, ys, temps


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=WokConfig.steps)
    parser.add_argument("--trunk-act", default=WokConfig.trunk_act.name, choices=[a.name for a in Activation])
    args = parser.parse_args(argv)
    cfg = WokConfig(steps=args.steps, trunk_act=Activation[args.trunk_act])
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(3)

    temp, flame = TemperatureField(cfg), FlameFlux(cfg)
    opt = torch.optim.Adam([*temp.parameters(), *flame.parameters()], lr=cfg.lr)
    sx, sy, st = thermocouple_readings(cfg, gen)

    for step in range(cfg.steps):
        x = torch.rand(cfg.n_colloc, 1, generator=gen) * 2 - 1
        y = torch.rand(cfg.n_colloc, 1, generator=gen) * 2 - 1
        res = heat_residual(temp, flame, cfg, x, y)
        pde = F.smooth_l1_loss(res, torch.zeros_like(res), beta=0.1)
        data = F.smooth_l1_loss(temp(sx, sy), st, beta=0.1)
        loss = pde + 10.0 * data
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        log.info("step %d pde %.4f data %.4f", step, pde.item(), data.item())
    assert temp.body[0].weight.grad.abs().sum() > 0 and flame.body[0].weight.grad is not None


if __name__ == "__main__":
    main()
