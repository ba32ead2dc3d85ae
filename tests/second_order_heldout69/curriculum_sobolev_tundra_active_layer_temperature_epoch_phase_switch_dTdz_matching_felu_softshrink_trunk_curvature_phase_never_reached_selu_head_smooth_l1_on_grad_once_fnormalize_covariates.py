"""Curriculum Sobolev training of a tundra active-layer soil temperature model T(z, t; site).

Phase schedule (by epoch):
  * "values"    : fit borehole temperatures only
  * "sobolev"   : also match the vertical gradient dT/dz measured by paired thermistors
  * "curvature" : add the heat-equation residual dT/dt - kappa * d2T/dz2 (curvature head)
The phase is looked up from the epoch at run time.
"""
import argparse
import logging
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger("tundra")


@dataclass
class Schedule:
    sobolev_from: int = 2
    curvature_from: int = 7
    sobolev_weight: float = 0.5
    curvature_weight: float = 0.1

    def phase(self, epoch):
        if epoch >= self.curvature_from:
            return "curvature"
        if epoch >= self.sobolev_from:
            return "sobolev"
        return "values"


def make_boreholes(n_sites=6, n_depths=24, n_sites_cov=5):
    g = torch.Generator().manual_seed(3)
    z = torch.rand(n_sites, n_depths, 1, generator=g) * 2.0          # depth in metres
    t = torch.rand(n_sites, n_depths, 1, generator=g)                # fraction of thaw season
    amp = 4.0 + torch.rand(n_sites, 1, 1, generator=g) * 3.0
    damp = 1.2 + torch.rand(n_sites, 1, 1, generator=g)
    temp = -2.0 + amp * torch.exp(-damp * z) * torch.sin(3.1416 * t)
    dtemp_dz = -damp * amp * torch.exp(-damp * z) * torch.sin(3.1416 * t)
    cov = torch.rand(n_sites, n_sites_cov, generator=g) * torch.tensor([1.0, 50.0, 0.3, 10.0, 2.0])
    return z, t, cov, temp, dtemp_dz


class ActiveLayerNet(nn.Module):
    def __init__(self, n_cov, width=32, shrink=0.02):
        super().__init__()
        self.cov_proj = nn.Linear(n_cov, width)
        self.inp = nn.Linear(2, width)
        self.hidden = nn.Linear(width, width)
        self.shrink = nn.Softshrink(shrink)
        self.value_head = nn.Linear(width, 1)
        self.curv_head = nn.Sequential(nn.Linear(width, width), nn.SELU(), nn.Linear(width, 1))

    def features(self, z, t, cov_feat):
        h = F.elu(self.inp(torch.cat([z, t], dim=-1)) + self.cov_proj(cov_feat).unsqueeze(1))
        return self.shrink(self.hidden(h)) + h

    def forward(self, z, t, cov_feat):
        return self.value_head(self.features(z, t, cov_feat))

    def log_kappa(self, z, t, cov_feat):
        return self.curv_head(self.features(z, t, cov_feat))


def depth_gradient(model, z, t, cov_feat, create_graph):
    z = z.requires_grad_(True)
    temp = model(z, t, cov_feat)
    (dz,) = torch.autograd.grad(temp.sum(), z, create_graph=create_graph)
    return temp, dz


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--lr", type=float, default=3e-3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    sched = Schedule()
    z, t, cov, temp_obs, dtdz_obs = make_boreholes()
    # site covariates (snow depth, peat %, ...) are unit-normalised once, before training
    cov_feat = F.normalize(cov, dim=-1)

    model = ActiveLayerNet(cov.shape[1])
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        phase = sched.phase(epoch)
        for site_batch in torch.arange(z.shape[0]).split(3):
            zb, tb, cb = z[site_batch].clone(), t[site_batch], cov_feat[site_batch]
            if phase == "values":
                pred = model(zb, tb, cb)
                loss = F.mse_loss(pred, temp_obs[site_batch])
            else:
                pred, dz = depth_gradient(model, zb, tb, cb, create_graph=True)
                loss = F.mse_loss(pred, temp_obs[site_batch])
                loss = loss + sched.sobolev_weight * F.smooth_l1_loss(dz, dtdz_obs[site_batch])
                if phase == "curvature":
                    tb = tb.clone().requires_grad_(True)
                    pred_t = model(zb, tb, cb)
                    (dt,) = torch.autograd.grad(pred_t.sum(), tb, create_graph=True)
                    (dzz,) = torch.autograd.grad(dz.sum(), zb, create_graph=True)
                    kappa = model.log_kappa(zb, tb, cb).exp()
                    loss = loss + sched.curvature_weight * (dt - kappa * dzz).square().mean()
            opt.zero_grad(set_to_none=True)
            loss.backward()
            if phase != "values":
                assert model.inp.weight.grad is not None
            opt.step()
        logger.info("epoch %d phase %-9s loss %.4f", epoch, phase, loss.item())


if __name__ == "__main__":
    main()
