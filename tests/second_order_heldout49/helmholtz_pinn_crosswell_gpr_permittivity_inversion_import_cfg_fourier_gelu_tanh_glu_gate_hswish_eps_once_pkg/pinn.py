"""Helmholtz PINN for crosswell GPR: wavefield u(x, z) and relative permittivity eps(x, z) learned jointly."""
import torch
import torch.nn as nn

import cfg
from fields import FourierField


class GatedFourierField(FourierField):
    """FourierField plus a GLU gate on the last hidden state (sharper reflector interfaces)."""

    def __init__(self, c):
        super().__init__(c.EXTENT, c.N_FREQ, c.WIDTH, c.DEPTH, c.SIGMA)
        self.gate = nn.Sequential(nn.Linear(c.WIDTH, 2 * c.WIDTH), nn.GLU(dim=-1))

    def encode(self, xz):
        h = super().encode(xz)
        return h + self.gate(h)


class PermittivityNet(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.register_buffer("scale", torch.tensor(c.EXTENT))
        self.net = nn.Sequential(
            nn.Linear(2, c.EPS_WIDTH),
            nn.Hardswish(),
            nn.Linear(c.EPS_WIDTH, c.EPS_WIDTH),
            nn.Hardswish(),
            nn.Linear(c.EPS_WIDTH, 1),
        )
        self.lo, self.hi = c.EPS_RANGE

    def forward(self, xz):
        return self.lo + (self.hi - self.lo) * torch.sigmoid(self.net(xz / self.scale)).squeeze(-1)


def laplacian(u, xz):
    (du,) = torch.autograd.grad(u.sum(), xz, create_graph=True)
    lap = torch.zeros_like(u)
    for i in range(xz.shape[-1]):
        (d2,) = torch.autograd.grad(du[:, i].sum(), xz, create_graph=True)
        lap = lap + d2[:, i]
    return lap


class HelmholtzPINN(nn.Module):
    def __init__(self, config=cfg):
        super().__init__()
        self.cfg = config
        self.field = GatedFourierField(config)
        self.eps = PermittivityNet(config)
        self.res_loss = nn.SmoothL1Loss(beta=config.RES_BETA)

    def configure_optimizers(self):
        return torch.optim.Adam([
            {"params": self.field.parameters(), "lr": self.cfg.LR_FIELD},
            {"params": self.eps.parameters(), "lr": self.cfg.LR_EPS},
        ])

    def source(self, xz):
        d2 = xz[:, 0] ** 2 + (xz[:, 1] - self.cfg.TX_DEPTH) ** 2
        return torch.exp(-d2 / (2 * self.cfg.TX_WIDTH ** 2))

    def eps_tv(self, n=12):
        xs = torch.linspace(0, self.cfg.EXTENT[0], n)
        zs = torch.linspace(0, self.cfg.EXTENT[1], n)
        grid = torch.stack(torch.meshgrid(xs, zs, indexing="ij"), dim=-1).reshape(-1, 2)
        e = self.eps(grid).reshape(n, n)
        return (e[1:] - e[:-1]).abs().mean() + (e[:, 1:] - e[:, :-1]).abs().mean()

    def training_step(self, batch, batch_idx):
        xz, rx_xz, rx_u = batch
        xz = xz.clone().requires_grad_(True)
        u = self.field(xz)
        lap = laplacian(u, xz)
        res = lap + self.cfg.K0 ** 2 * self.eps(xz) * u + self.source(xz)
        loss_pde = self.res_loss(res, torch.zeros_like(res))
        loss_data = (self.field(rx_xz) - rx_u).pow(2).mean()
        loss_tv = self.eps_tv()
        loss = self.cfg.W_PDE * loss_pde + self.cfg.W_DATA * loss_data + self.cfg.W_TV * loss_tv
        return loss, {"pde": loss_pde.item(), "data": loss_data.item(), "tv": loss_tv.item()}
