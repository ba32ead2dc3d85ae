"""Physics-informed net for transient heat conduction through a yurt's felt wall.

u(x, t) is the temperature across the wall (x in [0, 1], inner to outer face).  The felt conductivity k(x) is a
learned positive field, so the residual  u_t - d/dx(k(x) u_x)  needs u_x and d/dx(k u_x) (create_graph=True twice),
and training differentiates that residual once more w.r.t. the weights.  Hot loops are TorchScript functions.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("yurt_pinn")


@torch.jit.script
def felt_activation(z: torch.Tensor) -> torch.Tensor:
    return F.gelu(z, approximate="tanh")


def _skip_elu(h: torch.Tensor, scale: float) -> torch.Tensor:
    return h + scale * F.elu(h)


skip_elu = torch.jit.script(_skip_elu)


@torch.jit.script
def clip_sensor(reading: torch.Tensor, lo: float, hi: float) -> torch.Tensor:
    return lo + F.relu6((reading - lo) * 6.0 / (hi - lo)) * (hi - lo) / 6.0


def _positive_field(h: torch.Tensor) -> torch.Tensor:
    return F.softplus(h) + 1e-3


positive_field = torch.jit.script(_positive_field)


class FeltWallPINN(nn.Module):
    def __init__(self, width=24):
        super().__init__()
        self.inp = nn.Linear(2, width)
        self.hidden = nn.Linear(width, width)
        self.temp = nn.Linear(width, 1)
        self.cond = nn.Sequential(nn.Linear(1, 8), nn.Tanh(), nn.Linear(8, 1))

    def forward(self, x, t):
        h = felt_activation(self.inp(torch.cat([x, t], dim=1)))
        h = skip_elu(self.hidden(h), 0.5)
        return self.temp(h)

    def conductivity(self, x):
        return positive_field(self.cond(x))


def heat_residual(model, x, t):
    x = x.requires_grad_(True)
    t = t.requires_grad_(True)
    u = model(x, t)
    u_x, u_t = torch.autograd.grad(u.sum(), (x, t), create_graph=True)
    flux = model.conductivity(x) * u_x
    (flux_x,) = torch.autograd.grad(flux.sum(), x, create_graph=True)
    return u_t - flux_x


def sensor_batch(n, gen):
    x = torch.rand(n, 1, generator=gen)
    t = torch.rand(n, 1, generator=gen)
    reading = 18.0 - 25.0 * x * (1 - torch.exp(-3 * t)) + 0.3 * torch.randn(n, 1, generator=gen)
    with torch.no_grad():
        reading = clip_sensor(reading, -10.0, 25.0)
    return x, t, (reading - 7.5) / 17.5


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=6)
    ap.add_argument("--n-colloc", type=int, default=64)
    ap.add_argument("--w-pde", type=float, default=1.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(2)
    model = FeltWallPINN()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(args.steps):
        xs, ts, us = sensor_batch(32, gen)
        xc = torch.rand(args.n_colloc, 1, generator=gen)
        tc = torch.rand(args.n_colloc, 1, generator=gen)
        res = heat_residual(model, xc, tc)
        loss_pde = res.pow(2).mean()
        loss_data = (model(xs, ts) - us).pow(2).mean()
        loss = loss_data + args.w_pde * loss_pde
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("step %d data %.4f pde %.4e", step, loss_data.item(), loss_pde.item())
    assert model.inp.weight.grad is not None and model.cond[0].weight.grad is not None
    with torch.inference_mode():
        xe, te, ue = sensor_batch(16, gen)
        err = F.smooth_l1_loss(model(xe, te), ue)
    log.info("held-out sensor error %.4f", err.item())


if __name__ == "__main__":
    main()
