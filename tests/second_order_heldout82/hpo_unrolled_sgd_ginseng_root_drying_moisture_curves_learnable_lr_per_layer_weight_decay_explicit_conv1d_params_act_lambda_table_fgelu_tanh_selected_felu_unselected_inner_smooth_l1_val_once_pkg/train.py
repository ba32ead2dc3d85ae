"""Tune lr and per-layer weight decay of the ginseng drying forecaster by unrolled differentiation.

    cd <this folder> && python train.py
"""
import logging

import torch
import torch.nn.functional as F

from config import CFG
from hypergrad import UnrolledHPO
from models import init_params

log = logging.getLogger("ginseng.hpo")


def kiln_runs(n_runs, cfg, gen):
    """Synthetic moisture curves (% wet basis) of red-ginseng kiln batches: exponential drying + heater cycles."""
    t = torch.arange(cfg.seq_len + cfg.horizon).float()
    k = 0.03 + 0.04 * torch.rand(n_runs, 1, generator=gen)
    m0 = 65 + 10 * torch.rand(n_runs, 1, generator=gen)
    curves = m0 * torch.exp(-k * t) + 1.5 * torch.sin(t / 2.0) + torch.randn(n_runs, t.numel(), generator=gen)
    return curves


@torch.no_grad()
def to_windows(curves, cfg):
    trend = F.avg_pool1d(curves.unsqueeze(1), 5, stride=1, padding=2, count_include_pad=False).squeeze(1)
    smooth = (curves - trend.mean(dim=1, keepdim=True)) / 20.0
    return smooth[:, None, :cfg.seq_len], smooth[:, cfg.seq_len:]


def main():
    logging.basicConfig(level=logging.INFO, format="%(name)s | %(message)s")
    gen = torch.Generator().manual_seed(CFG.seed)
    x, y = to_windows(kiln_runs(160, CFG, gen), CFG)
    x_val, y_val = to_windows(kiln_runs(32, CFG, gen), CFG)
    hpo = UnrolledHPO(CFG, CFG.layers)
    params = init_params(CFG, gen)
    for outer in range(CFG.outer_steps):
        idx = torch.randint(0, len(x), (CFG.unroll_steps, CFG.batch), generator=gen)
        batches = [(x[i], y[i]) for i in idx]
        val, final = hpo.hyper_step(params, batches, x_val, y_val)
        assert hpo.log_lr.grad is not None and hpo.log_lr.grad.abs() > 0
        params = {k: v.detach().requires_grad_() for k, v in final.items()}   # warm start the next unroll
        log.info("outer %d val %.4f %s", outer, val, {k: round(v, 5) for k, v in hpo.hyperparameters().items()})


if __name__ == "__main__":
    main()
