"""Fit a separable HNN to simulated reed-tip trajectories (finite-difference-free: exact field targets).
Run: python train.py"""
from __future__ import annotations

import argparse
import logging

import torch

from config import ReedConfig
from dynamics import leapfrog, true_field, vector_field
from models import SeparableHNN

log = logging.getLogger("reed_hnn")


def make_tracker():
    best, stale = float("inf"), 0

    def track(value: float) -> bool:
        nonlocal best, stale
        if value < best - 1e-5:
            best, stale = value, 0
        else:
            stale += 1
        return stale >= 3

    return track


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=ReedConfig.epochs)
    args = parser.parse_args(argv)
    cfg = ReedConfig(epochs=args.epochs)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(2)

    init = torch.randn(cfg.n_traj, 2, generator=gen) * 0.8
    states = leapfrog(cfg, init, cfg.traj_len).reshape(-1, 2)
    targets = true_field(cfg, states)

    model = SeparableHNN(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    should_stop = make_tracker()
    for epoch in range(cfg.epochs):
        perm = torch.randperm(states.size(0), generator=gen)
        total = 0.0
        for i in range(0, states.size(0), cfg.batch):
            idx = perm[i:i + cfg.batch]
            pred = vector_field(model, states[idx].clone())
            loss = (pred - targets[idx]).pow(2).mean()
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            total += loss.item() * idx.numel()
        log.info("epoch %d field-mse %.5f", epoch, total / states.size(0))
        if should_stop(total):
            break
    assert model.kinetic.net[0].weight.grad is not None


if __name__ == "__main__":
    main()
