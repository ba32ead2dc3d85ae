"""Radon forecaster with physics-guided monotonicity: more permeable soil -> more radon; rising pressure -> less.
cd <pkg> && python train.py"""
import argparse
import logging

import torch
import torch.nn.functional as F

from config import BARO_TENDENCY, FEATURES, PERMEABILITY, Config
from model import RadonForecaster

log = logging.getLogger("radon")


@torch.no_grad()
def sensor_batch(n):
    x = torch.randn(n, len(FEATURES))
    log_radon = 4.0 + 0.6 * x[:, PERMEABILITY] - 0.4 * x[:, BARO_TENDENCY] + 0.2 * x[:, 2] - 0.3 * x[:, 5]
    y = torch.exp(log_radon + 0.1 * torch.randn(n))
    return x, y


def monotonicity_penalty(model, x):
    x = x.clone().requires_grad_(True)
    pred = model(x)
    slopes, = torch.autograd.grad(pred.sum(), x, create_graph=True)
    perm_slope = slopes.narrow(1, PERMEABILITY, 1)
    baro_slope = slopes[:, BARO_TENDENCY]
    return F.relu(-perm_slope).pow(2).mean() + F.relu(baro_slope).pow(2).mean()


def run_batch(model, x, y, cfg, train):
    with torch.set_grad_enabled(train):
        pred = model(x)
        fit = F.mse_loss(torch.log1p(pred), torch.log1p(y))
        mono = monotonicity_penalty(model, x) if train and cfg.mono_weight > 0 else torch.zeros(())
        return fit, mono


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=Config.steps)
    args = parser.parse_args()
    cfg = Config(steps=args.steps)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    model = RadonForecaster(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x, y = sensor_batch(cfg.batch)
        fit, mono = run_batch(model, x, y, cfg, train=True)
        loss = fit + cfg.mono_weight * mono
        opt.zero_grad(set_to_none=True)
        loss.backward()
        assert model.gate.weight.grad is not None
        opt.step()
        xv, yv = sensor_batch(64)
        val_fit, _ = run_batch(model, xv, yv, cfg, train=False)
        log.info("step %d fit %.4f mono %.6f val %.4f", step, fit.item(), mono.item(), val_fit.item())


if __name__ == "__main__":
    main()
