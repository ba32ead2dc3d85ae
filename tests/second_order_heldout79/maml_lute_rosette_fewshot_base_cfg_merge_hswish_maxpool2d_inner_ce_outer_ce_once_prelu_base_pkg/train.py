"""Episodic meta-training on synthetic lute-rosette crops: ``python train.py``."""
import argparse
import logging

import torch

from config import cfg
from meta import build_meta_learner

logger = logging.getLogger("lute_maml")


def rosette_episode(ways=4, shots=2, queries=3, size=16):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    angle, radius = torch.atan2(yy, xx), (xx ** 2 + yy ** 2).sqrt()
    petals = torch.randint(3, 9, (ways,))

    def draw(n):
        y = torch.arange(ways).repeat_interleave(n)
        pattern = torch.cos(petals[y, None, None] * angle) * torch.exp(-4 * (radius - 0.5) ** 2)
        img = pattern[:, None].expand(-1, 3, -1, -1) + 0.2 * torch.randn(len(y), 3, size, size)
        return img, y

    (sx, sy), (qx, qy) = draw(shots), draw(queries)
    return sx, sy, qx, qy


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=cfg["runner"]["max_iters"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(0)
    model = build_meta_learner(cfg["model"])
    opt_cfg = dict(cfg["optimizer"])
    optimizer = getattr(torch.optim, opt_cfg.pop("type"))(model.parameters(), **opt_cfg)
    for it in range(args.iters):
        optimizer.zero_grad()
        total = 0.0
        for _ in range(cfg["meta_batch_size"]):
            out = model.forward_train(*rosette_episode(ways=cfg["model"]["head"]["num_ways"]))
            (out["loss"] / cfg["meta_batch_size"]).backward()
            total += out["loss"].item()
        assert model.backbone.blocks[0].conv.weight.grad is not None
        optimizer.step()
        logger.info("iter %d meta-loss %.4f acc %.3f", it, total / cfg["meta_batch_size"], out["acc"].item())


if __name__ == "__main__":
    main()
