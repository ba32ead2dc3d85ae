"""PINN for tidal flexure of an ice shelf across its grounding zone, with GPS deflection data.

Run from this folder:  python train.py --steps 3
"""
import argparse

import torch
import torch.nn.functional as F

from lib import FlexureNet, flexure_residual, boundary_residuals

CFG = {"net": {"width": 32, "depth": 3}, "lr": 1e-3, "n_colloc": 64, "n_bc": 16, "w_bc": 10.0, "w_gps": 1.0}


def gps_record(n_epochs=40, seed=0):
    """Columns: station x (0..1), time (days), vertical displacement (tide-normalised), quality flag."""
    g = torch.Generator().manual_seed(seed)
    x = torch.rand(n_epochs, 1, generator=g, dtype=torch.float64) * 0.8 + 0.2
    t = torch.rand(n_epochs, 1, generator=g, dtype=torch.float64) * 2.0
    w = (1 - torch.exp(-4 * x)) * torch.sin(2 * torch.pi * 1.9323 * t)
    flag = torch.ones_like(x)
    return torch.cat([x, t, w + 0.02 * torch.randn(w.shape, generator=g, dtype=torch.float64), flag], dim=1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    args = ap.parse_args()
    torch.manual_seed(0)

    net = FlexureNet.from_config(CFG["net"])
    opt = torch.optim.Adam(net.parameters(), lr=CFG["lr"])
    record = gps_record()
    coords = torch.narrow(record, 1, 0, 2)
    w_obs = record[:, 2:3]

    for step in range(args.steps):
        x = torch.rand(CFG["n_colloc"], 1, dtype=torch.float64, requires_grad=True)
        t = (2.0 * torch.rand(CFG["n_colloc"], 1, dtype=torch.float64)).requires_grad_(True)
        t_bc = 2.0 * torch.rand(CFG["n_bc"], 1, dtype=torch.float64)

        pde = flexure_residual(net, x, t).pow(2).mean()
        bc = boundary_residuals(net, t_bc).pow(2).mean()
        gps = F.smooth_l1_loss(net(coords[:, :1], coords[:, 1:]), w_obs, beta=0.05)
        loss = pde + CFG["w_bc"] * bc + CFG["w_gps"] * gps

        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: pde {pde.item():.3e} bc {bc.item():.3e} gps {gps.item():.3e}")


if __name__ == "__main__":
    main()
