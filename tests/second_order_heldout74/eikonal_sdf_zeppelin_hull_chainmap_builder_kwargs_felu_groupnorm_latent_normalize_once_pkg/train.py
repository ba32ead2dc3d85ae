"""python train.py  (fits latent codes + decoder to 4 synthetic envelope shapes)"""
import logging

import torch
import torch.nn as nn

from config import load, net_kwargs
from losses import eikonal_term, surface_term
from network import build_decoder

log = logging.getLogger("zeppelin.sdf")


def envelope_surface(n, fineness, gen):
    """Points on a prolate spheroid (length/diameter = fineness), the classic rigid-airship hull."""
    u = torch.rand(n, generator=gen) * 2 * torch.pi
    v = torch.rand(n, generator=gen) * torch.pi
    a, b = 0.9, 0.9 / fineness
    return torch.stack([a * torch.cos(v), b * torch.sin(v) * torch.cos(u), b * torch.sin(v) * torch.sin(u)], dim=-1)


def main():
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    cfg = load()
    gen = torch.Generator().manual_seed(13)
    shapes = [envelope_surface(cfg["points"], f, gen) for f in (4.0, 5.5, 7.0, 8.5)]
    sdf = build_decoder(**net_kwargs(cfg))
    codes = nn.Embedding(len(shapes), cfg["latent_dim"])
    nn.init.normal_(codes.weight, std=0.1)
    opt = torch.optim.Adam(list(sdf.parameters()) + list(codes.parameters()), lr=cfg["lr"])
    log.info("act=%s norm=%s normalize_latent=%s", cfg["act"], cfg["norm"], cfg["normalize_latent"])
    for it in range(cfg["iters"]):
        total = 0.0
        for k, pts in enumerate(shapes):
            z_vec = codes(torch.tensor([k]))
            space = torch.rand(cfg["points"], 3, generator=gen) * 2 - 1
            z_sp = z_vec.expand(cfg["points"], -1)
            loss = surface_term(sdf, pts, z_sp) + cfg["eikonal_weight"] * eikonal_term(sdf, space, z_sp)
            total = total + loss + cfg["latent_reg"] * z_vec.pow(2).sum()
        opt.zero_grad()
        total.backward()
        opt.step()
        assert sdf.linears[0].weight.grad is not None and codes.weight.grad is not None
        log.info("iter %d loss %.4f", it, total.item())


if __name__ == "__main__":
    main()
