"""First-order MAML (FOMAML) for few-shot beetle elytra colour-pattern classes.

The learner is a torchvision ResNet-18 with a new n-way fc. `second_order` is kept in the config
for ablations; the default run is first order (inner gradients are not part of the graph).
"""
import argparse
import logging
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call
from torchvision import models

log = logging.getLogger("elytra_fomaml")


@dataclass
class Config:
    n_way: int = 3
    k_shot: int = 2
    inner_lr: float = 0.05
    inner_steps: int = 1
    second_order: bool = False
    res: int = 32


def make_learner(n_way):
    m = models.resnet18()
    m.fc = nn.Linear(m.fc.in_features, n_way)
    return m


def elytra_task(cfg):
    y = torch.arange(cfg.n_way).repeat(2 * cfg.k_shot)
    hue = torch.stack([torch.full((cfg.res, cfg.res), float(c)) for c in y]) / cfg.n_way
    x = torch.stack([hue, 1 - hue, hue * 0.5], 1) + 0.1 * torch.randn(len(y), 3, cfg.res, cfg.res)
    s = cfg.n_way * cfg.k_shot
    return x[:s], y[:s], x[s:], y[s:]


def inner_adapt(model, params, buffers, xs, ys, cfg):
    fast = dict(params)
    for _ in range(cfg.inner_steps):
        loss = F.cross_entropy(functional_call(model, (fast, buffers), (xs,)), ys)
        grads = torch.autograd.grad(loss, list(fast.values()), create_graph=cfg.second_order)
        if not cfg.second_order:
            grads = [g.detach() for g in grads]
        fast = {k: p - cfg.inner_lr * g for (k, p), g in zip(fast.items(), grads)}
    return fast


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    torch.set_num_threads(1)
    cfg = Config()

    model = make_learner(cfg.n_way)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    params, buffers = dict(model.named_parameters()), dict(model.named_buffers())
    for it in range(args.iters):
        xs, ys, xq, yq = elytra_task(cfg)
        fast = inner_adapt(model, params, buffers, xs, ys, cfg)
        q_loss = F.cross_entropy(functional_call(model, (fast, buffers), (xq,)), yq)
        opt.zero_grad()
        q_loss.backward()
        opt.step()
        log.info("iter %d query loss %.4f", it, q_loss.item())


if __name__ == "__main__":
    main()
