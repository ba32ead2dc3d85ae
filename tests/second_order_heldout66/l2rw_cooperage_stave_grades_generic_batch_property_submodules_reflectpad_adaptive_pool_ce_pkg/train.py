"""Train the stave grader on noisy yard labels, reweighted against a small clean set. Run: python train.py"""
from __future__ import annotations

import argparse
import logging

import torch

from config import Config
from nets import StaveGrader
from reweight import Batch, example_weights, weighted_step

log = logging.getLogger("stave_l2rw")


def scan_staves(cfg: Config, n: int, gen: torch.Generator, noisy: bool):
    grade = torch.randint(0, cfg.n_grades, (n,), generator=gen)
    s = torch.linspace(0, 1, cfg.profile_len)
    moisture = 0.12 + 0.03 * grade.float().unsqueeze(1) * torch.sin(3.1 * s) + 0.01 * torch.randn(n, cfg.profile_len, generator=gen)
    density = 0.7 - 0.05 * grade.float().unsqueeze(1) + 0.02 * torch.randn(n, cfg.profile_len, generator=gen)
    grain = 0.1 * grade.float().unsqueeze(1) * torch.cos(7 * s) + 0.05 * torch.randn(n, cfg.profile_len, generator=gen)
    x = torch.stack([(moisture - 0.15) / 0.05, (density - 0.6) / 0.1, grain / 0.2], 1)
    if noisy:
        flip = torch.rand(n, generator=gen) < cfg.label_noise
        grade = torch.where(flip, torch.randint(0, cfg.n_grades, (n,), generator=gen), grade)
    return Batch(x, grade)


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=Config.steps)
    args = parser.parse_args(argv)
    cfg = Config(steps=args.steps)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed + 9)
    clean = scan_staves(cfg, cfg.clean_per_grade * cfg.n_grades, gen, noisy=False)

    model = StaveGrader(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        noisy = scan_staves(cfg, cfg.batch, gen, noisy=True)
        w = example_weights(model, noisy, clean, cfg.inner_lr)
        loss = weighted_step(model, opt, noisy, w)
        log.info("step %d weighted-ce %.4f kept %d/%d", step, loss, int((w > 0).sum()), w.numel())
    assert model.layers["conv1"].weight.grad is not None


if __name__ == "__main__":
    main()
