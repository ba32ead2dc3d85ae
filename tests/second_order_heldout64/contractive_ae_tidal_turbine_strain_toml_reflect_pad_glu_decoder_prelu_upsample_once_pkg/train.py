"""`cd <pkg> && python train.py [--toml experiment.toml]`"""
import argparse
import logging
import math

import torch
import torch.nn.functional as F

import config
from model import ContractiveAE, contractive_penalty

log = logging.getLogger("tst_cae")


def synthetic_strain(cfg, gen):
    """Once-per-revolution gravity cycle + tower-shadow dip + turbulence, per gauge."""
    n, c, L = cfg.data.batch_size, cfg.data.channels, cfg.data.window
    theta = torch.linspace(0, 2 * math.pi, L)
    phase = 2 * math.pi * torch.rand(n, 1, 1, generator=gen)
    amp = torch.tensor([1.0, 0.4, 0.8, 0.3]).view(1, c, 1)
    gravity = amp * torch.sin(theta + phase)
    shadow = -0.3 * torch.exp(-((torch.remainder(theta + phase, 2 * math.pi) - math.pi) ** 2) / 0.05)
    return gravity + shadow + 0.05 * torch.randn(n, c, L, generator=gen)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--toml", default=None)
    args = ap.parse_args()
    cfg = config.load(args.toml)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(cfg.train.seed)
    gen = torch.Generator().manual_seed(cfg.train.seed)
    model = ContractiveAE(cfg)
    log.info("%s: encoder stage0=%s decoder act=%s", cfg.title, list(model.encoder.stages[0]), model.decoder.act)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.train.lr)
    pen_cfg = cfg.penalty
    for step in range(cfg.train.steps):
        x = synthetic_strain(cfg, gen).requires_grad_(True)
        z, recon = model(x)
        rec = F.mse_loss(recon, x.detach())
        pen = contractive_penalty(z, x, pen_cfg.projections, pen_cfg.create_graph)
        loss = rec + pen_cfg.contractive_weight * pen
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % cfg.train.log_every == 0:
            g0 = model.encoder.stages[0][1].weight.grad.norm().item()
            log.info("step %d rec %.4f ||J||^2 %.4f |g enc0| %.3e", step, rec.item(), pen.item(), g0)


if __name__ == "__main__":
    main()
