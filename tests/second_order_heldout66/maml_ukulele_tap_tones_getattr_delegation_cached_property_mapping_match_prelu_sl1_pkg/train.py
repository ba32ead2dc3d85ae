"""Few-shot adaptation of tap-tone (mode frequency) prediction to a new ukulele soundboard.

Each task is one soundboard: inputs are the bracing shaving state (brace heights at three stations), targets the
four lowest mode frequencies (scaled). Run: python train.py
"""
from __future__ import annotations

import argparse
import logging

import torch

from config import MetaConfig
from learner import MetaLearner
from nets import GeometryEncoder, TapToneRegressor

log = logging.getLogger("uke_maml")


def sample_task(cfg: MetaConfig, gen: torch.Generator) -> dict:
    geom = torch.rand(1, cfg.geometry_dim, generator=gen)
    stiff = 0.8 + 0.4 * geom[:, :1] - 0.3 * geom[:, 2:3]
    n = cfg.n_support + cfg.n_query
    shaving = torch.rand(n, 3, generator=gen)
    base = torch.tensor([[1.0, 1.9, 2.4, 3.3]])
    modes = base * stiff * (1.0 - 0.25 * shaving.mean(1, keepdim=True)) + 0.15 * shaving[:, :1] * torch.tensor([[0.0, 1.0, -0.5, 0.3]])
    modes = modes + 0.01 * torch.randn(n, cfg.n_modes, generator=gen)
    return {"geom": geom, "xs": shaving[: cfg.n_support], "ys": modes[: cfg.n_support],
            "xq": shaving[cfg.n_support:], "yq": modes[cfg.n_support:]}


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=MetaConfig.iterations)
    parser.add_argument("--first-order", action="store_true")
    args = parser.parse_args(argv)
    cfg = MetaConfig(iterations=args.iterations, first_order=args.first_order)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed + 1)

    encoder = GeometryEncoder(cfg).eval()
    learner = MetaLearner(TapToneRegressor(cfg), cfg)
    opt = torch.optim.Adam(learner.parameters(), lr=cfg.meta_lr)

    for it in range(cfg.iterations):
        tasks = [sample_task(cfg, gen) for _ in range(cfg.meta_batch)]
        with torch.no_grad():
            for task in tasks:
                task["ctx"] = encoder(task["geom"])
        meta = torch.stack([learner.meta_loss(t) for t in tasks]).mean()
        opt.zero_grad(set_to_none=True)
        meta.backward()
        opt.step()
        log.info("iter %d meta-loss %.4f", it, meta.item())
    head_grad = learner.head.weight.grad
    assert head_grad is not None and head_grad.abs().sum() > 0


if __name__ == "__main__":
    main()
