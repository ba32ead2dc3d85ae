"""PINN for the temperature profile through a bed of drying hop cones in an oast kiln (1-D heat equation,
u_t = kappa * u_xx, hot air blown from below). The cluster job scripts pick the activation and the residual
loss through environment variables; the defaults below are what the nightly runs use.
"""
import logging
import math
import os
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("kiln.pinn")

ACT_NAME = os.environ.get("KILN_PINN_ACT", "selu")
LOSS_NAME = os.environ.get("KILN_PINN_LOSS", "charbonnier")

RESIDUAL_LOSSES = {"mse": F.mse_loss, "huber": F.huber_loss}


def pick_loss(name):
    return RESIDUAL_LOSSES.get(name, F.smooth_l1_loss)


@dataclass
class KilnConfig:
    kappa: float = 0.08
    width: int = 32
    depth: int = 3
    n_colloc: int = 256
    n_bc: int = 64
    iters: int = 30
    lr: float = 2e-3


class HeatNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        dims = [2] + [cfg.width] * cfg.depth
        self.hidden = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.out = nn.Linear(cfg.width, 1)
        self.act_fn = getattr(F, ACT_NAME)

    def forward(self, t, x):
        h = torch.cat([t, x], dim=1)
        for layer in self.hidden:
            h = self.act_fn(layer(h))
        return self.out(h)


def pde_residual(net, t, x, kappa):
    t = t.requires_grad_(True)
    x = x.requires_grad_(True)
    u = net(t, x)
    u_t, u_x = torch.autograd.grad(u.sum(), (t, x), create_graph=True)
    u_xx, = torch.autograd.grad(u_x.sum(), x, create_graph=True)
    return u_t - kappa * u_xx


def boundary_batch(cfg, gen):
    t0 = torch.zeros(cfg.n_bc, 1)
    x0 = torch.rand(cfg.n_bc, 1, generator=gen)
    u0 = torch.sin(math.pi * x0)
    tb = torch.rand(cfg.n_bc, 1, generator=gen)
    xb = torch.randint(0, 2, (cfg.n_bc, 1), generator=gen).float()
    return (t0, x0, u0), (tb, xb, torch.zeros_like(tb))


def main():
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    cfg = KilnConfig()
    gen = torch.Generator().manual_seed(5)
    net = HeatNet(cfg)
    loss_fn = pick_loss(LOSS_NAME)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    log.info("act=%s residual loss=%s", ACT_NAME, loss_fn.__name__)
    for it in range(cfg.iters):
        t = torch.rand(cfg.n_colloc, 1, generator=gen)
        x = torch.rand(cfg.n_colloc, 1, generator=gen)
        r = pde_residual(net, t, x, cfg.kappa)
        (t0, x0, u0), (tb, xb, ub) = boundary_batch(cfg, gen)
        loss = loss_fn(r, torch.zeros_like(r)) + loss_fn(net(t0, x0), u0) + loss_fn(net(tb, xb), ub)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % 10 == 0:
            assert net.hidden[0].weight.grad is not None
            log.info("iter %d loss %.5f |r| %.5f", it, loss.item(), r.abs().mean().item())


if __name__ == "__main__":
    main()
