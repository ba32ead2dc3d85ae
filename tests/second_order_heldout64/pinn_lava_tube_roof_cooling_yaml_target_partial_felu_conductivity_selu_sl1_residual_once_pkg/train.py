"""`cd <pkg> && python train.py [--conf pinn.yaml] [key=value ...]`"""
import argparse
import json
import logging
import os

import torch

from instantiate import HERE, instantiate, load_yaml
from pde import boundary_terms, heat_residual, initial_term

log = logging.getLogger("lava_tube")


def diffusion_number(phys):
    seconds = phys["time_scale_days"] * 86400.0
    kappa = phys["k_reference_W_mK"] / (phys["density_kg_m3"] * phys["heat_capacity_J_kgK"])
    return kappa * seconds / phys["roof_thickness_m"] ** 2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--conf", default=os.environ.get("LAVA_CONF", "pinn.yaml"))
    ap.add_argument("overrides", nargs="*")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    cfg = load_yaml(args.conf)
    for item in args.overrides:
        key, value = item.split("=", 1)
        section, _, leaf = key.rpartition(".")
        (cfg[section] if section else cfg)[leaf] = json.loads(value)
    with open(os.path.join(HERE, "physics.json")) as fh:
        phys = json.load(fh)
    D = diffusion_number(phys)

    torch.manual_seed(cfg["seed"])
    gen = torch.Generator().manual_seed(cfg["seed"])
    temp_net = instantiate(cfg["temperature_net"])
    cond_net = instantiate(cfg["conductivity_net"])
    residual_loss = instantiate(cfg["losses"]["residual"])
    boundary_loss = instantiate(cfg["losses"]["boundary"])
    params = list(temp_net.parameters()) + (list(cond_net.parameters()) if cond_net is not None else [])
    opt = instantiate(cfg["optimizer"])(params)
    log.info("%s: activation=%s conductivity=%s residual_loss=%s D=%.3f", cfg["experiment"],
             temp_net.activation, cond_net, residual_loss, D)
    w = cfg["weights"]
    s = cfg["sampler"]
    for it in range(cfg["trainer"]["iterations"]):
        z = torch.rand(s["n_interior"], 1, generator=gen)
        t = torch.rand(s["n_interior"], 1, generator=gen)
        res = heat_residual(temp_net, cond_net, z, t, D)
        bc = boundary_terms(temp_net, s["n_boundary"], gen)
        ic = initial_term(temp_net, s["n_initial"], gen)
        loss = (w["residual"] * residual_loss(res, torch.zeros_like(res))
                + w["boundary"] * boundary_loss(bc, torch.zeros_like(bc))
                + w["initial"] * boundary_loss(ic, torch.zeros_like(ic)))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % cfg["trainer"]["log_every"] == 0:
            gk = cond_net.inp.weight.grad.norm().item() if cond_net is not None else 0.0
            log.info("it %d loss %.4f |res| %.3e |dk/dW| %.3e", it, loss.item(), res.abs().mean().item(), gk)


if __name__ == "__main__":
    main()
