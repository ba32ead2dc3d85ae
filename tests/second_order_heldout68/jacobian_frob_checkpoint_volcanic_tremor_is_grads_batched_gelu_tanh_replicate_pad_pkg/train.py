"""Train the tremor classifier with a Jacobian regulariser.  cd <pkg> && python train.py"""
import argparse
import logging
import math

import torch
import torch.nn.functional as F

from config import TREMOR_TYPES, TrainConfig
from model import TremorNet
from regularizers import jacobian_frobenius

log = logging.getLogger("tremor")


@torch.no_grad()
def station_windows(cfg, n):
    """Synthetic 3-component windows; the detrending (reflect pad + moving average) is done at the station."""
    y = torch.randint(0, len(TREMOR_TYPES), (n,))
    t = torch.arange(cfg.samples).float()
    f0 = torch.tensor([0.08, 0.0, 0.2, 0.0])[y][:, None]
    harmonic = torch.sin(2 * math.pi * f0 * t) + 0.5 * torch.sin(4 * math.pi * f0 * t)
    bursts = (torch.rand(n, cfg.samples) < 0.1).float() * (y == 1).float()[:, None] * 3.0
    x = (harmonic + bursts)[:, None, :].repeat(1, cfg.n_channels, 1) + 0.3 * torch.randn(n, cfg.n_channels, cfg.samples)
    x = x + 0.02 * t  # instrument drift
    padded = F.pad(x, (cfg.detrend_pad, cfg.detrend_pad), mode="reflect")
    trend = padded.unfold(-1, 2 * cfg.detrend_pad + 1, 1).mean(-1)
    return x - trend, y


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=TrainConfig.steps)
    args = parser.parse_args()
    cfg = TrainConfig(steps=args.steps)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    model = TremorNet(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x, y = station_windows(cfg, cfg.batch)
        x.requires_grad_(True)
        logits = model(x)
        task = F.cross_entropy(logits, y)
        jac = jacobian_frobenius(logits, x, cfg.n_projections)
        loss = task + cfg.jac_weight * jac
        opt.zero_grad(set_to_none=True)
        loss.backward()
        assert model.blocks[0].conv1.weight.grad is not None
        opt.step()
        log.info("step %d task %.4f jac %.4f", step, task.item(), jac.item())

    model.eval()
    with torch.no_grad():
        x, y = station_windows(cfg, 32)
        log.info("eval acc %.3f", (model(x).argmax(-1) == y).float().mean().item())


if __name__ == "__main__":
    main()
