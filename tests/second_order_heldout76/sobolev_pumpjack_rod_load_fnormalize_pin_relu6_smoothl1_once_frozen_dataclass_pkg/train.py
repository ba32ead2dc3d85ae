"""Sobolev training: fit the load *and* its input gradient (Czarnecki et al. 2017)."""
import logging

import torch
import torch.nn as nn

from config import SobolevConfig
from models import RodLoadSurrogate, gradient
from target import load_and_gradient, sample_inputs

log = logging.getLogger("pumpjack_sobolev")

huber = nn.SmoothL1Loss(beta=SobolevConfig.huber_beta)


def sobolev_terms(model, x, y, dy):
    x = x.requires_grad_(True)
    pred = model(x)
    dpred = gradient(pred, x)
    return {"value": huber(pred, y), "grad": huber(dpred, dy)}


def main():
    cfg = SobolevConfig()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(cfg.seed)
    x_all = sample_inputs(cfg.n_train, gen)
    y_all, dy_all = load_and_gradient(x_all)
    model = RodLoadSurrogate(cfg.hidden, cfg.depth)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        perm = torch.randperm(cfg.n_train, generator=gen)
        for i in range(0, cfg.n_train, cfg.batch):
            b = perm[i:i + cfg.batch]
            terms = sobolev_terms(model, x_all[b].clone(), y_all[b], dy_all[b])
            loss = sum(cfg.weights[k] * v for k, v in terms.items())
            opt.zero_grad()
            loss.backward()
            opt.step()
        log.info("epoch %d value %.4f grad %.4f", epoch, terms["value"].item(), terms["grad"].item())
    g = model.mlp[0].weight.grad
    assert g is not None and g.abs().sum() > 0


if __name__ == "__main__":
    main()
