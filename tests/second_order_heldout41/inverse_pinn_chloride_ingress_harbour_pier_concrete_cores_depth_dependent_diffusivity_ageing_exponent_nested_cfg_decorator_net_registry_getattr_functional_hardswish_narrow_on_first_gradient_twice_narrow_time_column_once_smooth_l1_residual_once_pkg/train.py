"""Fit the chloride field and identify D(x), m and Cs from three sets of cores."""
import math

import torch

from config import CFG
from nets import build_net
from pde import LOSSES, fick_residual


def synthetic_cores(cfg):
    """erfc profiles of a pier with D = 0.02 (porous cover) -> 0.008 (bulk), Cs = 0.6 % binder."""
    ages = torch.tensor(cfg["ages_years"]) / 20.0
    depths = torch.tensor(cfg["depths_mm"], dtype=torch.float32) / 80.0
    x, t = torch.meshgrid(depths, ages, indexing="ij")
    d_true = 0.008 + 0.012 * torch.exp(-x / 0.15)
    c = 0.6 * torch.special.erfc(x / (2 * torch.sqrt(d_true * t)))
    c = c + cfg["noise"] * torch.randn_like(c)
    return torch.stack([x.flatten(), t.flatten()], 1), c.flatten().unsqueeze(1)


def main(cfg=CFG):
    torch.manual_seed(cfg["train"]["seed"])
    field = build_net(cfg["field_net"], d_in=2)
    coef = build_net(cfg["coef_net"], d_in=1)
    log_m = torch.nn.Parameter(torch.tensor(math.log(cfg["physics"]["init_m"])))
    cs = torch.nn.Parameter(torch.tensor(cfg["physics"]["init_cs"]))
    params = list(field.parameters()) + list(coef.parameters()) + [log_m, cs]
    opt = torch.optim.Adam(params, lr=cfg["train"]["lr"])
    data_loss, res_loss = LOSSES[cfg["loss"]["data"]], LOSSES[cfg["loss"]["residual"]]
    w = cfg["loss"]
    xt_obs, c_obs = synthetic_cores(cfg["cores"])

    for step in range(cfg["train"]["steps"]):
        xt = torch.rand(cfg["train"]["n_colloc"], 2)
        r = fick_residual(field, coef, log_m, xt, cfg["physics"]["t_ref"])
        l_res = res_loss(r, torch.zeros_like(r))
        l_data = data_loss(field(xt_obs), c_obs)
        surf = torch.stack([torch.zeros(16), torch.rand(16)], 1)
        init = torch.stack([torch.rand(16), torch.zeros(16)], 1)
        l_bc = (field(surf) - cs).pow(2).mean()
        l_ic = field(init).pow(2).mean()
        loss = l_data + w["w_res"] * l_res + w["w_bc"] * l_bc + w["w_ic"] * l_ic
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            d_profile = coef(torch.linspace(0, 1, 5).unsqueeze(1)).squeeze(1)
        print(f"step {step}: data {l_data.item():.4f} res {l_res.item():.2e} bc {l_bc.item():.4f} "
              f"m {log_m.exp().item():.3f} Cs {cs.item():.3f} D(x) {[round(v, 4) for v in d_profile.tolist()]}")


if __name__ == "__main__":
    main()
