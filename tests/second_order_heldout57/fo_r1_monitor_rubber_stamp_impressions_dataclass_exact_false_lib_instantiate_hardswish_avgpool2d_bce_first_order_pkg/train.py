"""Non-saturating GAN on rubber-stamp impressions with an R1 monitor.

Run from this folder:  python train.py --steps 3
"""
import argparse
import importlib

import torch
import torch.nn.functional as F

from config import TrainConfig
from lib import R1Penalty


def instantiate(node):
    node = dict(node)
    module_path, _, name = node.pop("_target_").rpartition(".")
    return getattr(importlib.import_module(module_path), name)(**node)


def stamp_scans(n, size, seed=0):
    """Ring-shaped impressions with uneven ink coverage, in [-1, 1]."""
    g = torch.Generator().manual_seed(seed)
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    r = (xx ** 2 + yy ** 2).sqrt()
    radius = 0.5 + 0.2 * torch.rand(n, 1, 1, generator=g)
    ink = torch.exp(-((r - radius) ** 2) / 0.01) * (0.6 + 0.4 * torch.rand(n, 1, 1, generator=g))
    return (2 * ink - 1).unsqueeze(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    args = ap.parse_args()
    cfg = TrainConfig()
    torch.manual_seed(0)

    critic, gen = instantiate(cfg.critic), instantiate(cfg.generator)
    r1 = R1Penalty.from_config(cfg)
    data = stamp_scans(64, cfg.image_size)
    critic(data[:2])  # materialise the LazyLinear before building the optimiser
    opt_d = torch.optim.Adam(critic.parameters(), lr=cfg.lr_d, betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(gen.parameters(), lr=cfg.lr_g, betas=(0.0, 0.99))

    for step in range(args.steps):
        real = data[torch.randint(0, data.size(0), (cfg.batch,))]
        fake = gen(torch.randn(cfg.batch, cfg.z_dim)).detach()
        real_logits, fake_logits = critic(real), critic(fake)
        loss_d = (F.binary_cross_entropy_with_logits(real_logits, torch.ones_like(real_logits))
                  + F.binary_cross_entropy_with_logits(fake_logits, torch.zeros_like(fake_logits)))
        penalty = r1(critic, real)
        opt_d.zero_grad()
        (loss_d + penalty).backward()
        opt_d.step()

        fake_logits = critic(gen(torch.randn(cfg.batch, cfg.z_dim)))
        loss_g = F.binary_cross_entropy_with_logits(fake_logits, torch.ones_like(fake_logits))
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"step {step}: D {loss_d.item():.4f} G {loss_g.item():.4f} R1 {penalty.item():.4f}")


if __name__ == "__main__":
    main()
