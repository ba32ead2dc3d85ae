"""Fit the felt-wall heat-loss regressor: ``python train.py``."""
import argparse
import logging

import torch

import losses  # noqa: F401  (registers losses and hooks)
from config import get_cfg
from models import HOOKS, LOSSES, MODELS

logger = logging.getLogger("yurt")


class Runner:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = MODELS.build(cfg["model"])
        self.criterion = LOSSES.build(cfg["loss"])
        smooth_cfg = cfg["train_cfg"].get("smoothness")
        self.smoothness = LOSSES.build(smooth_cfg) if smooth_cfg else None
        self.hooks = [HOOKS.build(h) for h in cfg["hooks"]]
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=3e-3)
        self.iter = 0

    def run(self, batches):
        for x, y in batches[: self.cfg["train_cfg"]["max_iters"]]:
            loss = self.criterion(self.model(x), y)
            if self.smoothness is not None:
                loss = loss + self.smoothness(self.model, x)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            for hook in self.hooks:
                hook.after_train_iter(self, x)
            logger.info("iter %d loss %.4f", self.iter, loss.item())
            self.iter += 1


def felt_batches(n, bs=32):
    out = []
    for _ in range(n):
        thickness, layers, wind, dT, humidity = torch.rand(5, bs, 1)
        x = torch.cat([thickness, layers, wind, dT, humidity], 1)
        y = (dT * (1 + 2 * wind) / (0.3 + thickness * (1 + layers)) * (1 + 0.3 * humidity)).squeeze(-1)
        out.append((x, y))
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(0)
    cfg = get_cfg()
    runner = Runner(cfg)
    assert runner.smoothness is None
    runner.run(felt_batches(6))
