"""MAML for few-shot above-ground biomass regression of sorghum plots: each task is one farm, features are
drone vegetation indices (NDVI, NDRE, canopy height, thermal), 5 labelled plots per farm for adaptation.

``MetaConfig`` holds the library defaults; ``paper_config()`` derives the published setting with
``dataclasses.replace``. Loss names are merged from the defaults and the robust-adaptation override.
"""
import argparse
import dataclasses
import functools
import logging
from typing import Callable

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

log = logging.getLogger("sorghum.maml")


@dataclasses.dataclass(frozen=True)
class MetaConfig:
    n_features: int = 4
    hidden: int = 40
    act_factory: Callable[[], nn.Module] = nn.SELU
    inner_lr: float = 0.05
    inner_steps: int = 1
    meta_lr: float = 1e-3
    meta_batch: int = 4
    shots: int = 5
    queries: int = 10


def paper_config():
    return dataclasses.replace(
        MetaConfig(),
        act_factory=functools.partial(nn.GELU, approximate="tanh"),
        inner_steps=2,
    )


DEFAULT_LOSSES = {"inner": "mse", "outer": "mse"}
ROBUST_ADAPTATION = {"inner": "smooth_l1"}
LOSS_FNS = {"mse": F.mse_loss, "smooth_l1": F.smooth_l1_loss, "huber": F.huber_loss}


class BiomassRegressor(nn.Module):
    def __init__(self, cfg: MetaConfig):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(cfg.n_features, cfg.hidden), cfg.act_factory(),
            nn.Linear(cfg.hidden, cfg.hidden), cfg.act_factory(),
            nn.Linear(cfg.hidden, 1),
        )

    def forward(self, x):
        return self.net(x).squeeze(-1)


def sample_farm(cfg, gen):
    w = torch.randn(cfg.n_features, generator=gen)
    bias = 2.0 * torch.rand(1, generator=gen)
    x = torch.rand(cfg.shots + cfg.queries, cfg.n_features, generator=gen)
    y = torch.tanh(x @ w) + bias + 0.05 * torch.randn(cfg.shots + cfg.queries, generator=gen)
    return (x[:cfg.shots], y[:cfg.shots]), (x[cfg.shots:], y[cfg.shots:])


def adapt(model, params, support, inner_fn, cfg, create_graph):
    xs, ys = support
    for _ in range(cfg.inner_steps):
        loss = inner_fn(functional_call(model, params, (xs,)), ys)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=create_graph)
        params = {k: p - cfg.inner_lr * g for (k, p), g in zip(params.items(), grads)}
    return params


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--meta-iters", type=int, default=5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    cfg = paper_config()
    losses = {**DEFAULT_LOSSES, **ROBUST_ADAPTATION}
    inner_fn, outer_fn = LOSS_FNS[losses["inner"]], LOSS_FNS[losses["outer"]]
    log.info("config %s losses %s", cfg, losses)
    gen = torch.Generator().manual_seed(21)
    model = BiomassRegressor(cfg)
    meta_opt = torch.optim.Adam(model.parameters(), lr=cfg.meta_lr)
    for it in range(args.meta_iters):
        meta_opt.zero_grad()
        meta_loss = 0.0
        for _ in range(cfg.meta_batch):
            support, (xq, yq) = sample_farm(cfg, gen)
            fast = adapt(model, dict(model.named_parameters()), support, inner_fn, cfg, create_graph=True)
            meta_loss = meta_loss + outer_fn(functional_call(model, fast, (xq,)), yq)
        (meta_loss / cfg.meta_batch).backward()
        meta_opt.step()
        assert model.net[0].weight.grad is not None
        log.info("meta-iter %d query loss %.4f", it, meta_loss.item() / cfg.meta_batch)

    support, (xq, yq) = sample_farm(cfg, gen)
    fast = adapt(model, {k: v.detach().requires_grad_(True) for k, v in model.named_parameters()},
                 support, inner_fn, cfg, create_graph=False)
    with torch.no_grad():
        log.info("held-out farm query mse %.4f", F.mse_loss(functional_call(model, fast, (xq,)), yq).item())


if __name__ == "__main__":
    main()
