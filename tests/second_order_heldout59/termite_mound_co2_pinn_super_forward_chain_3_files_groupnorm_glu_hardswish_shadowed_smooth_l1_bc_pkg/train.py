"""PINN for CO2 in a termite-mound chimney: c_t + w(t) c_z = D c_zz - k (c - c_amb),
with a diurnal thermosiphon velocity w(t) = w0 sin(2 pi t), sparse probe readings and an open top."""
import argparse

import torch
import torch.nn.functional as F

from model import MODELS

CFG = {"model": "gated", "width": 32, "n_freq": 8, "groups": 4, "D": 0.02, "w0": 0.3, "k": 0.5,
       "c_amb": 0.04, "n_col": 128, "n_bc": 32, "steps": 3, "lr": 1e-3, "w_pde": 1.0, "w_bc": 1.0, "w_obs": 5.0}


def d(y, x):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]


def pde_residual(net, zt, cfg):
    zt = zt.clone().requires_grad_(True)
    c = net(zt)
    dc = d(c, zt)
    c_z, c_t = dc[:, :1], dc[:, 1:]
    c_zz = d(c_z, zt)[:, :1]
    w = cfg["w0"] * torch.sin(2 * torch.pi * zt[:, 1:])
    return c_t + w * c_z - cfg["D"] * c_zz + cfg["k"] * (c - cfg["c_amb"])


@torch.no_grad()
def probe_readings(n_times=6):
    """Hourly CO2 log of two probes (z=0.2 nest, z=0.6 chimney), upsampled to the collocation clock."""
    coarse = torch.tensor([[0.09, 0.11, 0.12, 0.10, 0.08, 0.09], [0.06, 0.07, 0.08, 0.07, 0.05, 0.06]])
    fine = F.interpolate(coarse[None], size=4 * n_times, mode="linear", align_corners=True)[0]
    t = torch.linspace(0, 1, fine.shape[1])
    zt = torch.cat([torch.stack([torch.full_like(t, z), t], 1) for z in (0.2, 0.6)])
    return zt, fine.reshape(-1, 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=CFG["steps"])
    ap.add_argument("--model", default=CFG["model"], choices=sorted(MODELS))
    args = ap.parse_args()
    torch.manual_seed(0)

    kw = {k: CFG[k] for k in ("width", "n_freq")}
    if args.model == "gated":
        kw["groups"] = CFG["groups"]
    net = MODELS[args.model](**kw)
    opt = torch.optim.Adam(net.parameters(), lr=CFG["lr"])
    zt_obs, c_obs = probe_readings()

    for step in range(args.steps):
        zt = torch.rand(CFG["n_col"], 2)
        t_bc = torch.rand(CFG["n_bc"], 1)
        top = torch.cat([torch.ones_like(t_bc), t_bc], 1)
        res = pde_residual(net, zt, CFG)
        loss_pde = res.pow(2).mean()
        loss_bc = F.smooth_l1_loss(net(top), torch.full_like(t_bc, CFG["c_amb"]), beta=0.01)
        loss_obs = (net(zt_obs) - c_obs).pow(2).mean()
        loss = CFG["w_pde"] * loss_pde + CFG["w_bc"] * loss_bc + CFG["w_obs"] * loss_obs
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: pde {loss_pde.item():.3e} bc {loss_bc.item():.3e} obs {loss_obs.item():.3e}")


if __name__ == "__main__":
    main()
