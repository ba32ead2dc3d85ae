"""`cd <pkg> && python train.py` (config from $DST_CONFIG, default configs/dst_fast.yaml)."""
import argparse
import logging

import torch
import torch.nn.functional as F

from config import get_config
from models import DstForecaster
from regularizers import input_jacobian_penalty

log = logging.getLogger("dst")


def synthetic_windows(cfg, gen):
    n, L, f = cfg.data.batch_size, cfg.data.window, cfg.data.features
    t = torch.linspace(0, 1, L)
    onset = torch.rand(n, 1, generator=gen)
    bz = -10.0 * torch.sigmoid(30 * (t - onset)) * torch.rand(n, 1, generator=gen)
    v = 400 + 200 * torch.rand(n, 1, generator=gen) * torch.ones(1, L)
    ring = torch.cumsum(bz * v / 400.0, dim=1) / L
    h = ring + 0.5 * torch.randn(n, L, generator=gen)
    x = torch.stack([h, 0.1 * torch.randn(n, L, generator=gen), 0.3 * h, bz / 10.0, v / 500.0], dim=-1)
    y = 20.0 * ring[:, -1] - 5.0
    return x[..., :f], y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default=None)
    args = ap.parse_args()
    cfg = get_config(args.config)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(cfg.optim.seed)
    gen = torch.Generator().manual_seed(cfg.optim.seed)
    model = DstForecaster(cfg)
    reg = cfg.regularizer
    log.info("head=%s jacobian weight=%.2f create_graph=%s", model.head[1], reg.weight, reg.create_graph)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.optim.lr)
    for epoch in range(cfg.optim.epochs):
        x, y = synthetic_windows(cfg, gen)
        x.requires_grad_(True)
        pred = model(x)
        fit = F.smooth_l1_loss(pred, y, beta=cfg.loss.beta)
        jac_pen = input_jacobian_penalty(pred, x, reg.create_graph)
        loss = fit + reg.weight * jac_pen
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch % cfg.logging.every == 0:
            log.info("epoch %d fit %.3f jac %.4f (grad-carrying: %s)", epoch, fit.item(), jac_pen.item(),
                     jac_pen.requires_grad)


if __name__ == "__main__":
    main()
